import type { Bundle, BundleEntry } from '@medplum/fhirtypes';
import { newUrn } from '../data/codes';
import { CORE_VALUESETS } from '../data/value-sets';
import { executeBundle, requireAllAcceptable, type Uploader } from './context';

export const CORE_ERROR = 'Error uploading core data';

/**
 * The core value sets in one transaction: each is created when no value set has its url
 * (If-None-Exist) and then updated by id, so running it twice creates no duplicates.
 */
export const uploadCore: Uploader = async (context) => {
  const entry: BundleEntry[] = CORE_VALUESETS.flatMap(({ id: _id, ...valueSet }) => {
    const fullUrl = newUrn();
    return [
      {
        fullUrl,
        request: { method: 'POST', url: 'ValueSet', ifNoneExist: `url=${valueSet.url}` },
        resource: valueSet,
      },
      { request: { method: 'PUT', url: fullUrl }, resource: valueSet },
    ];
  });
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
