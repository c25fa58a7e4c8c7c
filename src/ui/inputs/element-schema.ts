import { capitalize, getPropertyDisplayName, getValueSliceName, tryGetDataType } from '@medplum/core';
import type {
  InternalSchemaElement,
  SliceDefinition,
  SliceDefinitionWithTypes,
  SlicingRules,
} from '@medplum/core';

/** Reading element definitions for the inputs: labels, choice types, slices. */

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 'deceased[x]' → 'Deceased'; 'birthDate' → 'Birth Date'. */
export function elementLabel(name: string): string {
  return getPropertyDisplayName(choiceBase(name));
}

export const isChoice = (name: string): boolean => name.endsWith('[x]');

/** 'deceased[x]' → 'deceased'. */
export const choiceBase = (name: string): string => (isChoice(name) ? name.slice(0, -3) : name);

/** The property a choice element has for one type: ('deceased[x]', 'dateTime') → 'deceasedDateTime'. */
export const choiceKey = (name: string, typeCode: string): string => choiceBase(name) + capitalize(typeCode);

/** The type of a choice element that its parent holds a value for. */
export function heldChoiceType(
  name: string,
  element: InternalSchemaElement,
  parent: JsonObject
): string | undefined {
  return element.type.find((type) => parent[choiceKey(name, type.code)] !== undefined)?.code;
}

/** An object with one property set, or removed when the value is undefined. */
export function withProperty(parent: JsonObject, key: string, value: unknown): JsonObject {
  const next = { ...parent };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** Whether an element holds a list: its maximum is above one. */
export const isList = (element: InternalSchemaElement): boolean => !!element.isArray || element.max > 1;

/** A slice whose type is known, as the slice matcher needs it. */
function typedSlice(slice: SliceDefinition, element: InternalSchemaElement): SliceDefinitionWithTypes {
  const type = slice.type?.length ? slice.type : element.type;
  const profile = type[0]?.profile?.[0];
  return { ...slice, type, typeSchema: profile ? tryGetDataType(type[0]?.code ?? '', profile) : undefined };
}

export interface SliceGroup {
  /** undefined: the items that belong to no slice. */
  slice?: SliceDefinitionWithTypes;
  items: unknown[];
}

/** A sliced list split into its slices (in definition order), then the items no slice claims. */
export function sliceGroups(
  values: readonly unknown[],
  element: InternalSchemaElement,
  slicing: SlicingRules,
  profileUrl: string | undefined
): SliceGroup[] {
  const slices = slicing.slices.map((slice) => typedSlice(slice, element));
  const groups: SliceGroup[] = slices.map((slice) => ({ slice, items: [] }));
  const rest: SliceGroup = { items: [] };
  for (const value of values) {
    const name = getValueSliceName(value, slices, slicing.discriminator, profileUrl);
    (groups.find((group) => group.slice?.name === name) ?? rest).items.push(value);
  }
  return [...groups, rest];
}

/** The values a new item of a slice starts with: its fixed and pattern parts, so it stays in it. */
export function sliceSeed(slice: SliceDefinition): JsonObject {
  const root = slice.fixed?.value ?? slice.pattern?.value;
  const seed: JsonObject = isJsonObject(root) ? { ...root } : {};
  for (const [name, element] of Object.entries(slice.elements)) {
    const value = element.fixed?.value ?? element.pattern?.value;
    if (!name.includes('.') && value !== undefined) seed[name] = value;
  }
  return seed;
}
