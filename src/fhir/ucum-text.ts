import type { Quantity } from '@medplum/fhirtypes';
import { UCUM_SYSTEM } from './product-codes';

/**
 * UCUM units whose code is not how people write them; everything else is read term by term
 * (prefix, atom, exponent, annotation) by `ucumUnitText`.
 */
const ATOMS: Readonly<Record<string, string>> = {
  Cel: '°C',
  '[degF]': '°F',
  'mm[Hg]': 'mmHg',
  'cm[H2O]': 'cmH₂O',
  '[in_i]': 'in',
  '[ft_i]': 'ft',
  '[lb_av]': 'lb',
  '[oz_av]': 'oz',
  '[iU]': 'IU',
  '[IU]': 'IU',
  '[pH]': 'pH',
  a: 'y',
};

/** Atoms that take the micro prefix: UCUM writes it 'u', people write 'µ' ('uL' → 'µL'). */
const MICRO_ATOMS = new Set(['g', 'L', 'l', 'mol', 'm', 's', 'U', 'eq', '[iU]', '[IU]']);

const SUPERSCRIPT: Readonly<Record<string, string>> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

const superscript = (digits: string): string => [...digits].map((digit) => SUPERSCRIPT[digit]).join('');

/** A bracketed atom without its brackets and its '_i'/'_av' style suffix ('[HPF]' → 'HPF'). */
const unbracketed = (atom: string): string => atom.replace(/\[([^\]_]*)(_[^\]]*)?\]/g, '$1');

function atomText(atom: string): string {
  const known = ATOMS[atom];
  if (known !== undefined) return known;
  if (atom.startsWith('u') && MICRO_ATOMS.has(atom.slice(1))) return `µ${atomText(atom.slice(1))}`;
  return unbracketed(atom);
}

// One term: a power of ten ('10*3'), an annotation alone ('{beats}'), or an atom with an optional
// exponent and annotation ('m2', 'g{Hb}').
const POWER_OF_TEN = /^10[*^](-?\d+)$/;
const ANNOTATION = /^\{([^{}]*)\}$/;
const ATOM_TERM = /^((?:[^{}\d\-[\]]|\[[^\]]*\])+?)(-?\d+)?(?:\{([^{}]*)\})?$/;

function termText(term: string): string | undefined {
  const power = POWER_OF_TEN.exec(term);
  if (power) return `10${superscript(power[1] ?? '')}`;
  const annotation = ANNOTATION.exec(term);
  if (annotation) return annotation[1] ?? '';
  if (ATOMS[term] !== undefined) return ATOMS[term];
  const match = ATOM_TERM.exec(term);
  if (!match) return undefined;
  const [, atom = '', exponent, note] = match;
  return `${atomText(atom)}${exponent ? superscript(exponent) : ''}${note ? ` ${note}` : ''}`;
}

/**
 * A UCUM unit code as people read it: 'Cel' → '°C', '[degF]' → '°F', 'mm[Hg]' → 'mmHg',
 * 'kg/m2' → 'kg/m²', '{beats}/min' → 'beats/min', '10*3/uL' → '10³/µL', 'mg.h' → 'mg·h'; '1' (no
 * unit) → ''. A code it cannot read term by term is shown as written.
 */
export function ucumUnitText(code: string): string {
  if (code === '1') return '';
  const whole = ATOMS[code];
  if (whole !== undefined) return whole;
  // Terms are joined by '.' (times) and '/' (per); a leading '/' is 'per' alone ('/min').
  const parts = code.split(/([./])/);
  const texts = parts.map((part, index) => {
    if (index % 2 === 1) return part === '.' ? '·' : '/';
    if (part === '') return index === 0 ? '' : undefined;
    return termText(part);
  });
  return texts.every((text) => text !== undefined) ? texts.join('') : code;
}

/**
 * The unit of a quantity as people read it: UCUM units (system UCUM, or no system) are rewritten
 * by `ucumUnitText`, any other system's unit is shown as written; the human `unit` is preferred to
 * the `code`. The stored unit and code are not changed.
 */
export function quantityUnitText(quantity: Pick<Quantity, 'unit' | 'code' | 'system'>): string {
  const written = quantity.unit ?? quantity.code ?? '';
  if (quantity.system !== undefined && quantity.system !== UCUM_SYSTEM) return written;
  return ucumUnitText(written);
}
