/** The document commands: `documents upload`. */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import type { DocumentType } from '../client.ts';
import { client, json, out, printJson, run } from './common.ts';

export function documentCommands(program: Command): void {
  const documents = program.command('documents').description('documents');
  documents
    .command('upload')
    .description('POST /document_upload/{customer}/ (multipart), with a progress bar')
    .argument('<customer>', 'customer id')
    .argument('<file>', 'the file to upload')
    .requiredOption('--type <type>', 'document type, e.g. "bank statement", "business accounts", "personal id"')
    .action(
      run(async (customer: string, file: string, options: { type: string }) => {
        const content = await readFile(file);
        const bar = new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: `Uploading ${basename(file)} [{bar}] {percentage}% {value}/{total} bytes`,
            noTTYOutput: !process.stderr.isTTY,
            notTTYSchedule: 250,
          },
          cliProgress.Presets.shades_classic,
        );
        let started = false;
        const answer = await client()
          .uploadDocument(customer, {
            document_type: options.type as DocumentType,
            content,
            filename: basename(file),
            onProgress: ({ sent, total }) => {
              if (!started) {
                bar.start(total, sent);
                started = true;
              } else bar.update(sent);
            },
          })
          .finally(() => started && bar.stop());
        if (json()) return printJson(answer);
        const d = answer.data as { document_id: string; document_type: string };
        out(`Uploaded document ${d.document_id} (${d.document_type})`);
      }),
    );
}
