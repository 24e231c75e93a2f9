// A command of this repository run to its end in a child process
// (node --import tsx <script> <args>), with its exit code and output.

import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCommand(script: string, args: string[], env: Record<string, string>): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
