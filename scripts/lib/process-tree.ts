// A process and everything it started, as Linux's /proc shows them: their
// resident memory and the CPU they have used. For the bench's "pictures" stage
// and the tests that check a picture's decoder is gone once it is stopped.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux Node.js runs on

interface ProcessStat {
  pid: number;
  parent: number;
  /** CPU seconds of the process, and of its children that ended and were waited for. */
  cpuSeconds: number;
  childrenCpuSeconds: number;
}

function stat(pid: number): ProcessStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's name, in parentheses that it may itself contain: state, parent, … utime (14th field).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = (index: number) => Number(fields[index - 3]);
    return {
      pid,
      parent: Number(fields[1]),
      cpuSeconds: (ticks(14) + ticks(15)) / TICKS_PER_SECOND,
      childrenCpuSeconds: (ticks(16) + ticks(17)) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined; // it ended meanwhile
  }
}

/** `root` and its living descendants. */
export function processTree(root: number): number[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => stat(Number(name)))
    .filter((entry) => entry !== undefined);
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((p) => p.parent === tree[i]).map((p) => p.pid));
  return tree;
}

/**
 * CPU seconds used so far by `root`'s tree, counting descendants that have ended and been waited for:
 * in all, and by the descendants alone.
 */
export function treeCpuSeconds(root: number): { all: number; descendants: number } {
  const entries = processTree(root)
    .map(stat)
    .filter((entry) => entry !== undefined);
  const all = entries.reduce((sum, entry) => sum + entry.cpuSeconds + entry.childrenCpuSeconds, 0);
  return { all, descendants: all - (entries.find((entry) => entry.pid === root)?.cpuSeconds ?? 0) };
}

/** Resident memory of `root`'s tree, in bytes. */
export function treeRssBytes(root: number): number {
  return processTree(root).reduce((sum, pid) => {
    try {
      const kB = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return sum + Number(kB ?? 0) * 1024;
    } catch {
      return sum;
    }
  }, 0);
}
