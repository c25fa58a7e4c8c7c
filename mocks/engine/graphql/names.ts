/** GraphQL names cannot hold dashes: search parameter `based-on` is argument `based_on`. */
export const toArgumentName = (code: string): string => code.replaceAll('-', '_');

/** The search parameter of an argument: underscores back to dashes, except a leading one (`_count`). */
export const toSearchParameter = (arg: string): string =>
  arg.startsWith('_') ? arg : arg.replaceAll('_', '-');
