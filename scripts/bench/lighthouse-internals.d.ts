// Lighthouse's own main-thread task tree (the one its audits use), which its
// package types do not declare. Only what the bench reads.
declare module 'lighthouse/core/computed/main-thread-tasks.js' {
  interface TaskNode {
    event: { name: string };
    children: TaskNode[];
    parent: TaskNode | undefined;
    /** ms from navigation start, as observed (not throttled). */
    startTime: number;
    duration: number;
    selfTime: number;
    attributableURLs: string[];
  }
  export const MainThreadTasks: {
    request(trace: unknown, context: { computedCache: Map<string, unknown> }): Promise<TaskNode[]>;
  };
}
