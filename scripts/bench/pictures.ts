// Stage "pictures": the review's hostile pictures (issue 48) sent as certificates
// through the local server (scripts/serve.ts, as `npm start` runs it), one
// application after another: each answer's status and time, the CPU seconds the
// server's process tree (the server runs the functions in its own process; the
// picture decoders are its children) uses in the 3 s after it (aim ≈ 0; it
// includes isolated.ts's spare workers loading for the next request), and the
// tree's resident memory before the six and after them (aim: within 200 MB).
import { rm } from 'node:fs/promises';
import type { ApplicationFileField } from '../../src/forms/application/application.ts';
import { functionsOnlyProject } from '../../tests/support/functions-only-project.ts';
import { hostilePictures } from '../lib/hostile-pictures.ts';
import { treeCpuSeconds, treeRssBytes } from '../lib/process-tree.ts';
import type { UploadFile } from '../lib/sample-requests.ts';
import { sendApplication } from '../lib/served-application.ts';
import { startServe } from '../lib/serve-process.ts';
import { round, toMB } from './stats.ts';

/** How long after each answer the server's CPU is watched. */
const AFTER_MS = 3_000;

interface PictureApplication {
  application: string;
  status: number;
  answerMs: number;
  cpuSecondsAfter: number;
  /** Of which the server's child processes (the picture decoders). */
  childCpuSecondsAfter: number;
  rssMBAfter: number;
}
export interface PicturesResult {
  applications: PictureApplication[];
  rssMBBefore: number;
  rssMBAfterAll: number;
}

export async function benchPictures(): Promise<PicturesResult> {
  const pictures = await hostilePictures();
  const [large, scans] = Object.keys(pictures) as [string, string];
  const jpeg = (name: string, file: string): UploadFile => ({ name: file, bytes: pictures[name]!, type: 'image/jpeg' });
  const round1: Array<[string, Partial<Record<ApplicationFileField, UploadFile>>]> = [
    [`${large} as the KCSE certificate`, { kcse_file: jpeg(large, 'kcse.jpg') }],
    [`${scans} as the KCSE certificate`, { kcse_file: jpeg(scans, 'kcse.jpg') }],
    [
      'both, and the first again, as the three certificates',
      { kcse_file: jpeg(large, 'kcse.jpg'), ksl_file: jpeg(scans, 'ksl.jpg'), llb_degree_file: jpeg(large, 'llb.jpg') },
    ],
  ];
  const root = await functionsOnlyProject('mno-bench-pictures-');
  const server = await startServe(root).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true });
    throw error;
  });
  try {
    // An honest application first: the function built and its instance warm, as the server stands between visitors.
    await sendApplication(server.url);
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    const measure = async (
      application: string,
      replaced: Partial<Record<ApplicationFileField, UploadFile>>,
    ): Promise<PictureApplication> => {
      const { status, ms } = await sendApplication(server.url, replaced);
      const atAnswer = treeCpuSeconds(server.pid);
      await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
      const after = treeCpuSeconds(server.pid);
      return {
        application,
        status,
        answerMs: round(ms),
        cpuSecondsAfter: round(after.all - atAnswer.all, 2),
        childCpuSecondsAfter: round(after.descendants - atAnswer.descendants, 2),
        rssMBAfter: toMB(treeRssBytes(server.pid)),
      };
    };
    // For comparison, what the server does after any answer: its spare workers load for the next request.
    const honest = await measure('an honest application', {});
    const hostile: PictureApplication[] = [];
    for (const [application, replaced] of [...round1, ...round1]) hostile.push(await measure(application, replaced));
    return {
      applications: [honest, ...hostile],
      rssMBBefore: honest.rssMBAfter,
      rssMBAfterAll: hostile.at(-1)!.rssMBAfter,
    };
  } finally {
    await server.stop();
    await rm(root, { recursive: true, force: true });
  }
}
