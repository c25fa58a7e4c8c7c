import type { ContactPoint, Identifier, Reference } from '@medplum/fhirtypes';
import { formatCodeableConcept } from './concept';

/** An identifier with what it is: 'NPI: 1234567890' by its type, else '1234567890 (system)'. */
export function formatIdentifier(identifier: Identifier | undefined): string {
  if (!identifier?.value) return '';
  const kind = formatCodeableConcept(identifier.type);
  if (kind) return `${kind}: ${identifier.value}`;
  return identifier.system ? `${identifier.value} (${identifier.system})` : identifier.value;
}

/** A phone number, email or other contact with its kind and use: '555-0100 (phone, work)'. */
export function formatContactPoint(contact: ContactPoint | undefined): string {
  if (!contact?.value) return '';
  const kind = [contact.system, contact.use].filter(Boolean).join(', ');
  return kind ? `${contact.value} (${kind})` : contact.value;
}

/** A reference's display, else the reference itself, else the identifier it points by. */
export function formatReference(reference: Reference | undefined): string {
  if (!reference) return '';
  return reference.display || reference.reference || formatIdentifier(reference.identifier);
}
