import type { Resource } from '@medplum/fhirtypes';
import { useCallback, useState } from 'react';
import type { PropertyChange } from './ElementInput';
import { withProperty, type JsonObject } from './element-schema';

/**
 * The resource a form edits, starting from `defaultValue` (a new default replaces the edits), and
 * a stable way to change one of its properties.
 */
export function useEditedResource(defaultValue: Resource): { value: Resource; setProperty: PropertyChange } {
  const [value, setValue] = useState<Resource>(defaultValue);
  const [shown, setShown] = useState(defaultValue);
  if (shown !== defaultValue) {
    setShown(defaultValue);
    setValue(defaultValue);
  }
  const setProperty: PropertyChange = useCallback(
    (key, update) =>
      setValue((previous) => {
        const object = previous as unknown as JsonObject;
        return withProperty(object, key, update(object[key])) as unknown as Resource;
      }),
    []
  );
  return { value, setProperty };
}
