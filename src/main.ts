/**
 * The entry point (`npm start`, the container's command). Node's compile cache is turned on before
 * the server's modules load, so a process after the first starts with their compiled code instead
 * of parsing and compiling them again: about a quarter less CPU per start (docs/operations.md).
 * Where the cache directory cannot be written, Node goes on without it.
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
const { runServer } = await import('./server.ts');
runServer();
