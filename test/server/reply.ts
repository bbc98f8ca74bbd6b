import type { ServerResponse } from 'node:http';
import type { QErr } from './qerr';

/** An HTTP answer, built first and written once (so faults can alter it). */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonReply(status: number, value: unknown): Reply {
  return { status, headers: { 'Content-Type': JSON_TYPE }, body: JSON.stringify(value) };
}

export function qerrReply(error: QErr): Reply {
  return jsonReply(error.status, error.toBody());
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(Buffer.byteLength(reply.body)) });
  res.end(reply.body);
}
