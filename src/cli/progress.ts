/**
 * Progress of long work: a bar with rate and ETA on a terminal, plain log lines (every few seconds)
 * otherwise, so logs of scheduled runs stay readable.
 */
import cliProgress from "cli-progress";
import type { CommandIo } from "./command.js";

export interface Progress {
  update(done: number, total: number, detail?: string): void;
  stop(): void;
}

const LOG_EVERY_MS = 5_000;

export function createProgress(io: CommandIo, label: string, unit: string): Progress {
  const started = Date.now();
  const rate = (done: number): number => done / Math.max(0.001, (Date.now() - started) / 1000);
  if (io.isTty) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {percentage}% | {value}/{total} ${unit} | {rate} ${unit}/s | ETA {eta_formatted} {detail}`,
        stream: process.stderr,
        hideCursor: true,
        etaBuffer: 200,
        fps: 5,
      },
      cliProgress.Presets.shades_classic,
    );
    let started_ = false;
    return {
      update(done, total, detail = "") {
        const payload = { rate: Math.round(rate(done)), detail };
        if (!started_) {
          bar.start(total, done, payload);
          started_ = true;
        } else {
          bar.setTotal(total);
          bar.update(done, payload);
        }
      },
      stop() {
        if (started_) bar.stop();
      },
    };
  }
  let lastLog = 0;
  let last = { done: 0, total: 0, detail: "" };
  const log = (): void => {
    const { done, total, detail } = last;
    const remainingS = done > 0 ? Math.round((total - done) / rate(done)) : undefined;
    const eta = remainingS === undefined ? "" : `, ETA ${remainingS} s`;
    io.err(
      `${label}: ${done}/${total} ${unit} (${Math.round(rate(done))} ${unit}/s${eta})${detail ? ` ${detail}` : ""}`,
    );
  };
  return {
    update(done, total, detail = "") {
      last = { done, total, detail };
      const now = Date.now();
      if (now - lastLog >= LOG_EVERY_MS) {
        lastLog = now;
        log();
      }
    },
    stop() {
      if (last.total > 0) log();
    },
  };
}
