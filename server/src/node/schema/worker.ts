import { parentPort } from 'node:worker_threads';
import { printSchema } from 'graphql';
import { generateSchemaFromMetadata } from '../../core';
import type { SchemaRequest, SchemaReply } from './sdl';

/**
 * The schema worker (dist/schemaWorker.js): generates a role's GraphQL schema and prints its SDL off
 * the language server's thread (seconds at 1,000 tables). Sent the metadata JSON, the database
 * models and the options; answers the SDL, the notes and the roles, or the error.
 */
parentPort?.on('message', (request: SchemaRequest) => {
  let reply: SchemaReply;
  try {
    const generated = generateSchemaFromMetadata(request.metadata, new Map(request.models), request.options);
    reply = generated.ok
      ? { id: request.id, ok: true, sdl: printSchema(generated.schema), notes: generated.notes, roles: generated.roles }
      : { id: request.id, ok: false, error: generated.error, roles: generated.roles };
  } catch (error) {
    reply = { id: request.id, ok: false, error: `the schema generator failed: ${error instanceof Error ? error.message : String(error)}`, roles: [] };
  }
  parentPort?.postMessage(reply);
});
