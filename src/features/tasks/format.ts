import type { Address, CodeableConcept, HumanName, Reference } from '@medplum/fhirtypes';

/** What people read for a concept: its text, else the first coding's display, else its code. */
export function conceptText(concept: CodeableConcept | undefined): string {
  if (!concept) return '';
  const coding = concept.coding?.[0];
  return concept.text ?? coding?.display ?? coding?.code ?? '';
}

export function conceptsText(concepts: CodeableConcept[] | undefined): string {
  return (concepts ?? []).map(conceptText).filter(Boolean).join(', ');
}

/** A reference's display, else the reference itself. */
export function referenceText(reference: Reference | undefined): string {
  return reference?.display ?? reference?.reference ?? '';
}

export function humanNameText(name: HumanName | undefined): string {
  if (!name) return '';
  if (name.text) return name.text;
  return [...(name.prefix ?? []), ...(name.given ?? []), name.family, ...(name.suffix ?? [])]
    .filter(Boolean)
    .join(' ');
}

export function addressText(address: Address | undefined): string {
  if (!address) return '';
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [...(address.line ?? []), cityLine].filter(Boolean).join(', ');
}

/** The date part of an ISO date or instant: its first 10 characters. */
export function dateText(iso: string | undefined): string {
  return iso ? iso.slice(0, 10) : '';
}

/** 'YYYY-MM-DD HH:mm' in local time, '' when unset or unreadable. */
export function dateTimeText(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whole years between a birth date ('1980-05-17') and `today`. */
export function ageInYears(birthDate: string, today: Date): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.getFullYear() - year;
  const beforeBirthday =
    today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  if (beforeBirthday) age--;
  return age >= 0 ? age : undefined;
}

/** 'ready' → 'Ready', 'on-hold' → 'On hold'. */
export function statusText(status: string | undefined): string {
  if (!status) return '';
  const words = status.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
