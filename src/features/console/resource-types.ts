export { isResourceType } from '@/fhir/resource-types';
