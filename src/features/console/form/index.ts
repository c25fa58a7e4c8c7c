/**
 * The schema-driven resource form and its inputs, pure: the caller indexes the StructureDefinitions
 * (indexStructureDefinitionBundle) and supplies lookups through <FormDataSourcesProvider>.
 */
export { ResourceForm, type ResourceFormProps } from './ResourceForm';
export { FormDataSourcesProvider, useFormDataSources, type FormDataSources } from './FormDataSources';
export {
  expressionMatchesPath,
  fieldErrorText,
  issuesForPath,
  issueText,
  withoutIndexes,
} from './issue-paths';
export { cleanValue } from './clean-value';
export { referenceSearchParameter, referenceSearchQuery, targetTypeName } from './reference-search';
