import type { Extension, Quantity } from '@medplum/fhirtypes';

/** FHIR's extension for the decimal places a decimal was recorded with (on the value's `_value`). */
export const QUANTITY_PRECISION_URL = 'http://hl7.org/fhir/StructureDefinition/quantity-precision';

/** A Quantity as JSON carries it, with the primitive extensions of its value. */
type QuantityWithPrecision = Quantity & { _value?: { extension?: Extension[] } };

/** The decimal places written in a typed number ('37.0' → 1, '98.60' → 2, '72' → 0). */
export function decimalPlacesOfText(text: string): number {
  const fraction = /\.(\d+)$/.exec(text.trim());
  return fraction?.[1]?.length ?? 0;
}

/** The decimal places a quantity's value was recorded with, when its precision extension says so. */
export function decimalPlacesOf(quantity: Quantity | undefined): number | undefined {
  const extension = (quantity as QuantityWithPrecision | undefined)?._value?.extension?.find(
    (item) => item.url === QUANTITY_PRECISION_URL
  );
  const places = extension?.valueInteger;
  return places !== undefined && Number.isInteger(places) && places >= 0 && places <= 20 ? places : undefined;
}

/**
 * A quantity whose value keeps the decimal places it was typed with: a JSON number loses trailing
 * zeros (37.0 is stored as 37), so when the typed text has more places than the number shows, they
 * are kept in the value's precision extension. Any other typed value is stored as the number alone.
 */
export function withTypedPrecision<T extends Quantity>(quantity: T, typed: unknown): T {
  if (typeof typed !== 'string' || quantity.value === undefined) return quantity;
  const places = decimalPlacesOfText(typed);
  if (places <= decimalPlacesOfText(String(quantity.value))) return quantity;
  return {
    ...quantity,
    _value: { extension: [{ url: QUANTITY_PRECISION_URL, valueInteger: places }] },
  };
}
