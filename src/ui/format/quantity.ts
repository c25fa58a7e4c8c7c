import { formatQuantity as formatQuantityText } from '@medplum/core';
import type { Money, Quantity, Range, Ratio } from '@medplum/fhirtypes';

/**
 * A measured amount with its comparator and unit ('< 5 mg', '98%'); the unit's code stands in when
 * there is no human unit. A quantity without a value shows nothing.
 */
export function formatQuantity(quantity: Quantity | undefined): string {
  if (quantity?.value === undefined) return '';
  return formatQuantityText({ ...quantity, unit: quantity.unit ?? quantity.code });
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
