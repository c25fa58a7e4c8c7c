import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLOutputType,
  type GraphQLScalarType,
} from 'graphql';
import type { SearchParamRegistry } from '@/fhir/search';
import type { FhirTypeModel, FieldSpec } from './model';
import { toArgumentName } from './names';
import type { GraphQLContext, GraphQLResolvers } from './resolvers';

/** FHIR primitive types as GraphQL scalars (numbers are Float, as on a Medplum server). */
const SCALARS: Record<string, GraphQLScalarType> = {
  boolean: GraphQLBoolean,
  decimal: GraphQLFloat,
  integer: GraphQLFloat,
  integer64: GraphQLFloat,
  positiveInt: GraphQLFloat,
  unsignedInt: GraphQLFloat,
  id: GraphQLID,
  'http://hl7.org/fhirpath/System.Boolean': GraphQLBoolean,
  'http://hl7.org/fhirpath/System.Decimal': GraphQLFloat,
  'http://hl7.org/fhirpath/System.Integer': GraphQLFloat,
};

const RESOURCE_UNION = 'ResourceList';
const VALID_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/**
 * Builds a GraphQL schema for the resource types a query names. Those get their full types, generated
 * from their StructureDefinitions, with root fields `{Type}(id)`, `{Type}List(...)` and
 * `{Type}Connection(...)`; every other resource type is in the schema only as a member of the
 * `ResourceList` union that references resolve to, with `id` and `resourceType`, since a query cannot
 * select more of a type it does not name. Data types are built as they are reached.
 */
export function buildSchema(
  model: FhirTypeModel,
  registry: SearchParamRegistry,
  named: readonly string[],
  resolvers: GraphQLResolvers
): GraphQLSchema {
  const full = new Set(named.filter((t) => model.isResourceType(t)));
  // A query naming no resource type is still validated, against a root that has some field.
  if (full.size === 0 && model.resourceTypes[0]) full.add(model.resourceTypes[0]);
  const types = new Map<string, GraphQLOutputType>();
  let union: GraphQLUnionType | undefined;

  const resourceUnion = (): GraphQLUnionType =>
    (union ??= new GraphQLUnionType({
      name: RESOURCE_UNION,
      types: () => model.resourceTypes.map((t) => objectType(t)),
      resolveType: (value: { resourceType?: string }) =>
        value.resourceType && model.isResourceType(value.resourceType) ? value.resourceType : undefined,
    }));

  const outputType = (code: string): GraphQLOutputType => {
    const scalar = SCALARS[code];
    if (scalar) return scalar;
    if (code === 'Resource' || code === 'DomainResource' || model.isResourceType(code)) {
      return code === 'Resource' || code === 'DomainResource' || !full.has(code)
        ? resourceUnion()
        : objectType(code);
    }
    if (code.startsWith('http://hl7.org/fhirpath/System.') || model.isPrimitive(code)) return GraphQLString;
    if (!model.spec(code)) return GraphQLString;
    return objectType(code);
  };

  const objectType = (name: string): GraphQLObjectType => {
    const existing = types.get(name);
    if (existing) return existing as GraphQLObjectType;
    const spec = model.spec(name);
    const stub = model.isResourceType(name) && !full.has(name);
    const type = new GraphQLObjectType({
      name,
      description: spec?.description,
      fields: () => (stub ? stubFields() : fieldsOf(name)),
    });
    types.set(name, type);
    return type;
  };

  const stubFields = (): GraphQLFieldConfigMap<unknown, GraphQLContext> => ({
    resourceType: { type: new GraphQLNonNull(GraphQLString) },
    id: { type: GraphQLID },
  });

  const fieldsOf = (name: string): GraphQLFieldConfigMap<unknown, GraphQLContext> => {
    const spec = model.spec(name);
    const fields: GraphQLFieldConfigMap<unknown, GraphQLContext> = {};
    if (model.isResourceType(name)) {
      fields.resourceType = { type: new GraphQLNonNull(GraphQLString), description: 'Resource Type' };
    }
    for (const field of spec?.fields ?? []) {
      if (VALID_NAME.test(field.name)) fields[field.name] = fieldConfig(field);
    }
    if (name === 'Reference') {
      fields.resource = {
        type: resourceUnion(),
        description: 'The resource this reference points to',
        resolve: resolvers.reference,
      };
    }
    return fields;
  };

  const fieldConfig = (field: FieldSpec): GraphQLFieldConfig<unknown, GraphQLContext> => {
    let type = outputType(field.type);
    if (field.list) type = new GraphQLList(new GraphQLNonNull(type));
    if (field.required) type = new GraphQLNonNull(type);
    if (!field.list) return { type, description: field.description };
    return {
      type,
      description: field.description,
      args: {
        _count: { type: GraphQLInt, description: 'How many elements of the list to return' },
        _offset: { type: GraphQLInt, description: 'How many elements of the list to skip' },
      },
      resolve: resolvers.listField,
    };
  };

  const searchArgs = (resourceType: string): GraphQLFieldConfigArgumentMap => {
    const args: GraphQLFieldConfigArgumentMap = {
      _count: { type: GraphQLInt, description: 'How many resources to return' },
      _offset: { type: GraphQLInt, description: 'How many matches to skip' },
      _sort: { type: GraphQLString, description: 'Sort rules, comma-separated, - for descending' },
      _filter: { type: GraphQLString, description: 'A FHIR _filter expression' },
    };
    for (const [code, param] of registry.paramsOf(resourceType)) {
      const arg = toArgumentName(code);
      if (VALID_NAME.test(arg) && !(arg in args)) {
        args[arg] = { type: GraphQLString, description: param.definition.description };
      }
    }
    return args;
  };

  const connectionType = (resourceType: string): GraphQLObjectType =>
    new GraphQLObjectType({
      name: `${resourceType}Connection`,
      fields: () => ({
        count: { type: GraphQLInt },
        offset: { type: GraphQLInt },
        pageSize: { type: GraphQLInt },
        first: { type: GraphQLString },
        previous: { type: GraphQLString },
        next: { type: GraphQLString },
        last: { type: GraphQLString },
        edges: {
          type: new GraphQLList(
            new GraphQLObjectType({
              name: `${resourceType}ConnectionEdge`,
              fields: {
                mode: { type: GraphQLString },
                score: { type: GraphQLFloat },
                resource: { type: objectType(resourceType) },
              },
            })
          ),
        },
      }),
    });

  const root: GraphQLFieldConfigMap<unknown, GraphQLContext> = {};
  for (const resourceType of full) {
    root[resourceType] = {
      type: objectType(resourceType),
      args: { id: { type: new GraphQLNonNull(GraphQLID), description: `${resourceType} ID` } },
      resolve: resolvers.read(resourceType),
    };
    root[`${resourceType}List`] = {
      type: new GraphQLList(objectType(resourceType)),
      args: searchArgs(resourceType),
      resolve: resolvers.search(resourceType),
    };
    root[`${resourceType}Connection`] = {
      type: connectionType(resourceType),
      args: searchArgs(resourceType),
      resolve: resolvers.connection(resourceType),
    };
  }
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'QueryType', fields: root }),
    types: [resourceUnion()],
  });
}
