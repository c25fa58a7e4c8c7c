import { formatHumanName as formatNameParts } from '@medplum/core';
import type { HumanName } from '@medplum/fhirtypes';

/** Which parts of a name to show: prefix and suffix unless turned off, the use ('[official]') if asked. */
export interface HumanNameOptions {
  prefix?: boolean;
  suffix?: boolean;
  use?: boolean;
}

/**
 * A name as people read it. Its `text` is the name as written in full and wins when the caller wants
 * the whole name; when the caller drops the prefix or suffix, or asks for the use, the name is built
 * from its parts (prefix, given, family, suffix), as text cannot be cut, and text is the fallback.
 */
export function formatHumanName(name: HumanName | undefined, options: HumanNameOptions = {}): string {
  if (!name) return '';
  const wholeName = options.prefix !== false && options.suffix !== false && !options.use;
  if (wholeName && name.text) return name.text;
  return formatNameParts(name, {
    prefix: options.prefix !== false,
    suffix: options.suffix !== false,
    use: options.use === true,
  });
}
