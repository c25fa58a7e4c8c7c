import type { Annotation } from '@medplum/fhirtypes';

/** Notes newest first (notes without a time last, in their order). */
export function notesNewestFirst(notes: readonly Annotation[] | undefined): Annotation[] {
  return [...(notes ?? [])]
    .map((note, index) => ({ note, index }))
    .sort((a, b) => {
      const ta = a.note.time ?? '';
      const tb = b.note.time ?? '';
      if (ta !== tb) return ta < tb ? 1 : -1;
      return b.index - a.index;
    })
    .map(({ note }) => note);
}

export function noteAuthor(note: Annotation): string {
  return (
    note.authorReference?.display ?? note.authorString ?? note.authorReference?.reference ?? 'Unknown author'
  );
}
