import type {
  OperationOutcome,
  OperationOutcomeIssue,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
} from '@medplum/fhirtypes';
import { issueExpressions, issueText } from '@/ui/inputs';

/** A refused response's issues: those naming items, by the items' linkIds, and the rest. */
export interface ResponseIssues {
  /** linkId → the words of the issues naming that item. */
  byItem: ReadonlyMap<string, string>;
  /** The issues that name no item of the response: said above the form. */
  general: OperationOutcomeIssue[];
}

/** `where(linkId='x')` in an expression names the item x. */
const LINK_ID_FILTER = /where\(\s*linkId\s*=\s*'((?:[^'\\]|\\.)*)'\s*\)/g;

/** One step of an item path: 'item[2]', 'item', 'answer[0]' (a nested item's path goes through its answer). */
const STEP = /^(item|answer)(?:\[(\d+)\])?$/;

/**
 * The linkId of the item an expression or location names, or undefined. Items are named by a
 * linkId filter ("QuestionnaireResponse.item.where(linkId='pain')") or by their positions in the
 * response ('QuestionnaireResponse.item[1].item[0].answer[0].valueString'), walked in the response
 * that was sent; the deepest item reached is the one named.
 */
export function linkIdOf(expression: string, response: QuestionnaireResponse): string | undefined {
  const filtered = [...expression.matchAll(LINK_ID_FILTER)].pop()?.[1];
  if (filtered !== undefined) return filtered.replace(/\\(.)/g, '$1');
  const steps = expression
    .trim()
    .replace(/^QuestionnaireResponse\./, '')
    .split('.');
  let items: QuestionnaireResponseItem[] = response.item ?? [];
  let named: QuestionnaireResponseItem | undefined;
  for (const step of steps) {
    const match = STEP.exec(step);
    if (!match) break;
    const index = Number(match[2] ?? 0);
    if (match[1] === 'item') {
      named = items[index];
      if (!named) break;
      items = named.item ?? [];
    } else {
      items = named?.answer?.[index]?.item ?? [];
    }
  }
  return named?.linkId;
}

/**
 * Sorts a refused response's issues by where they point: under the item each names (in the
 * response as sent), or, naming none, above the form.
 */
export function responseIssues(
  outcome: OperationOutcome | undefined,
  response: QuestionnaireResponse
): ResponseIssues {
  const byItem = new Map<string, string[]>();
  const general: OperationOutcomeIssue[] = [];
  for (const issue of outcome?.issue ?? []) {
    const linkIds = new Set(
      issueExpressions(issue).flatMap((expression) => linkIdOf(expression, response) ?? [])
    );
    if (linkIds.size === 0) general.push(issue);
    for (const linkId of linkIds) byItem.set(linkId, [...(byItem.get(linkId) ?? []), issueText(issue)]);
  }
  return {
    byItem: new Map([...byItem].map(([linkId, texts]) => [linkId, texts.join('; ')])),
    general,
  };
}
