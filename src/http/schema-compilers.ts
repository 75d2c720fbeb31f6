/**
 * Fastify's own validator and serializer compilers (ajv for requests, fast-json-stringify for
 * answers), shared by every app this process builds. Fastify compiles each route's schemas when
 * an app becomes ready: about a quarter of a second of CPU for our few hundred routes. A server
 * process builds one app, so nothing changes there; the test suite and the benchmark build
 * hundreds in one process, and with these each schema object is compiled once
 * (docs/operations.md, "Test time"). The compiled functions keep no state between calls.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type SerializerCompiler = ReturnType<ReturnType<typeof SerializerSelector>>;
type Serializer = ReturnType<SerializerCompiler>;

// ajv-compiler keeps one Ajv per set of shared schemas and options, and Ajv keeps what it compiled
// by schema object: made once here, it serves every app.
const buildValidator = AjvCompiler();
const serializerFactory = SerializerSelector();
/** Per route schema object, per set of shared schemas and options: the serializer compiled for it. */
const serializers = new WeakMap<object, Map<string, Serializer>>();

function buildSerializer(externalSchemas: unknown, options: Parameters<typeof serializerFactory>[1]): SerializerCompiler {
  const compile = serializerFactory(externalSchemas, options);
  const key = JSON.stringify([externalSchemas, options]);
  return (route) => {
    const schema = route.schema as object;
    let byKey = serializers.get(schema);
    if (!byKey) serializers.set(schema, (byKey = new Map()));
    let serializer = byKey.get(key);
    if (!serializer) byKey.set(key, (serializer = compile(route)));
    return serializer;
  };
}

export const sharedSchemaCompilers = { buildValidator, buildSerializer } as unknown as CompilersFactory;
