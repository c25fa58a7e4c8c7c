import type { Bundle, BundleEntry } from '@medplum/fhirtypes';
import { CORE_VALUESETS } from '../data/value-sets';
import { executeBundle, requireAllAcceptable, type Uploader } from './context';

export const CORE_ERROR = 'Error uploading core data';

/**
 * The core value sets in one transaction, each a conditional update by its url: created when no value
 * set has that url, updated otherwise, so running it twice creates no duplicates. The body carries no
 * id: the server gives the one it found or made (a body id that differs from the target is refused).
 */
export const uploadCore: Uploader = async (context) => {
  const entry: BundleEntry[] = CORE_VALUESETS.map(({ id: _id, ...valueSet }) => ({
    request: { method: 'PUT', url: `ValueSet?url=${encodeURIComponent(valueSet.url ?? '')}` },
    resource: valueSet,
  }));
  const bundle: Bundle = { resourceType: 'Bundle', type: 'transaction', entry };
  let response: Bundle;
  try {
    response = await executeBundle(context, bundle);
  } catch (error) {
    throw new Error(CORE_ERROR, { cause: error });
  }
  requireAllAcceptable(response, entry.length, CORE_ERROR);
  return ['Uploaded Business Statuses', 'Uploaded Practitioner Roles and Task Types'];
};
