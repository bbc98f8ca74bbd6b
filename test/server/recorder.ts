import type { IncomingHttpHeaders } from 'node:http';

/** Requests received on the API routes, for tests to assert exact bodies and headers. */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export class Recorder {
  private list: RecordedRequest[] = [];

  record(request: RecordedRequest): void {
    this.list.push(request);
  }

  all(): RecordedRequest[] {
    return [...this.list];
  }

  clear(): void {
    this.list = [];
  }
}
