import { readdirSync, readFileSync } from 'node:fs';
import { DATABASE_PROCESS_SCRIPT } from '../db/embedded';

/**
 * The processes a test or the benchmark looks at from outside (Linux /proc): a server's children
 * (the embedded database's process, server/db/embedded.ts) and their memory.
 */

/** A process's resident memory (VmRSS) in MB; 0 once it has ended. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** The ids of `pid`'s child processes (none once it has ended). */
export function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** Whether process `pid` still runs (a zombie, ended but not yet reaped, does not). */
export function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** Its command line, arguments joined by spaces ('' once it has ended). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/**
 * The embedded database processes among `parent`'s children (a server has one, on its DATA_DIR;
 * tsx may run others, such as esbuild), optionally only those on `dataDir`.
 */
export function databaseProcesses(parent: number, dataDir?: string): number[] {
  return childPids(parent).filter((pid) => {
    const command = commandLine(pid);
    return command.includes(DATABASE_PROCESS_SCRIPT) && (!dataDir || command.includes(dataDir));
  });
}

/** Every running process on this machine (zombies left out). */
function allRunning(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter(running);
}

/** The running processes whose command line names `text` (a DATA_DIR: its database process). */
export function processesNaming(text: string): number[] {
  return allRunning().filter((pid) => commandLine(pid).includes(text));
}

/** The running processes of process group `group`. */
export function processGroup(group: number): number[] {
  return allRunning().filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command's closing parenthesis: state, ppid, pgrp.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === group;
    } catch {
      return false; // it ended while we looked
    }
  });
}

/** The one embedded database process of the server `serverPid` (it fails the test otherwise). */
export function theDatabaseProcess(serverPid: number): number {
  const pids = databaseProcesses(serverPid);
  if (pids.length !== 1) throw new Error(`the server has ${pids.length} database processes`);
  return pids[0]!;
}
