import type { ValueInputProps } from './input-props';
import { NativeInput } from './NativeInput';

export interface TextInputProps extends ValueInputProps<string> {
  /** 'url' lets the browser check the address and offer its keyboard. */
  type?: 'text' | 'url';
}

/** Text on one line: strings, codes, ids, URIs. */
export function TextInput({ type = 'text', value, ...rest }: TextInputProps) {
  return <NativeInput {...rest} type={type} value={value ?? ''} />;
}
