/**
 * The schema-driven resource form, drawn with the input kit of src/ui/inputs: the caller indexes
 * the StructureDefinitions (indexStructureDefinitionBundle) and supplies lookups through
 * <InputSourcesProvider>.
 */
export { ResourceForm, type ResourceFormProps } from './ResourceForm';
