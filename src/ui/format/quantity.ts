import type { Money, Quantity, Range, Ratio } from '@medplum/fhirtypes';
import { decimalPlacesOf } from '@/fhir/decimal-precision';
import { quantityUnitText } from '@/fhir/ucum-text';

/**
 * A quantity's number with the decimal places it was recorded with: JSON numbers drop trailing
 * zeros (37.0 arrives as 37), so the places kept in the value's precision extension are written
 * back ('37.0'); without it the number shows all of its own digits, never rounded.
 */
export function formatQuantityValue(quantity: Quantity | undefined): string {
  const value = quantity?.value;
  if (value === undefined) return '';
  const places = decimalPlacesOf(quantity);
  return places === undefined ? String(value) : value.toFixed(places);
}

/**
 * A measured amount with its comparator and unit as people read it ('< 5 mg', '98%', '37.0 °C',
 * '120 mmHg'); the unit's code stands in when there is no human unit, and UCUM codes are written
 * as people write them (the stored code is not changed). A quantity without a value shows nothing.
 */
export function formatQuantity(quantity: Quantity | undefined): string {
  if (quantity?.value === undefined) return '';
  const unit = quantityUnitText(quantity);
  const comparator = quantity.comparator ? `${quantity.comparator} ` : '';
  const separator = unit === '' || unit === '%' ? '' : ' ';
  return `${comparator}${formatQuantityValue(quantity)}${separator}${unit}`;
}

/**
 * A range with each bound's unit ('3.5 mmol/L – 5.1 mmol/L'); one bound alone reads as '>= low' or
 * '<= high'. Range bounds carry no comparator, so any given is ignored.
 */
export function formatRange(range: Range | undefined): string {
  const bound = (quantity: Quantity | undefined) =>
    formatQuantity(quantity && { ...quantity, comparator: undefined });
  const low = bound(range?.low);
  const high = bound(range?.high);
  if (low && high) return `${low} – ${high}`;
  if (low) return `>= ${low}`;
  if (high) return `<= ${high}`;
  return '';
}

/** 'numerator / denominator' ('1 mg / 2 mL'); a numerator alone when there is no denominator. */
export function formatRatio(ratio: Ratio | undefined): string {
  const numerator = formatQuantity(ratio?.numerator);
  const denominator = formatQuantity(ratio?.denominator);
  return denominator ? `${numerator || '?'} / ${denominator}` : numerator;
}

/** An amount of money in its currency, written as the locale writes it ('$1,234.50'). */
export function formatMoney(money: Money | undefined, options: { locale?: string } = {}): string {
  if (money?.value === undefined) return '';
  if (!money.currency) return money.value.toLocaleString(options.locale);
  return money.value.toLocaleString(options.locale, {
    style: 'currency',
    currency: money.currency,
    currencyDisplay: 'narrowSymbol',
  });
}
