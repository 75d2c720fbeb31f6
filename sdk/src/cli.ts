/**
 * `lending`: the Lending Partner API from the command line (docs/behaviour.md, section 20), on the SDK's
 * client. Reads LENDING_API_TOKEN and LENDING_BASE_URL (default http://localhost:8080). `--json`
 * prints the API's raw answers; errors print the envelope's code and detail and exit 1. The
 * commands are written by resource in ./cli/.
 */
import { applicationCommands } from './cli/applications.ts';
import { clockCommands } from './cli/clocks.ts';
import { program } from './cli/common.ts';
import { customerCommands } from './cli/customers.ts';
import { documentCommands } from './cli/documents.ts';
import { eventCommands } from './cli/events.ts';
import { loanCommands } from './cli/loans.ts';
import { sandboxCommands } from './cli/sandbox.ts';

customerCommands(program);
applicationCommands(program);
loanCommands(program);
documentCommands(program);
eventCommands(program);
clockCommands(program);
sandboxCommands(program);

await program.parseAsync(process.argv);
