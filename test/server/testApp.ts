import type { ApiHost } from './api';
import { FaultQueue } from './faults';
import type { ServerOptions } from './options';
import { Recorder } from './recorder';
import type { ServerState } from './state';
import { cloneState } from './state';

/** The mutable state of one test server: API state and options, their initial copies, faults, recorder. */

export interface TestApp extends ApiHost {
  readonly initialState: ServerState;
  readonly initialOptions: ServerOptions;
  faults: FaultQueue;
  recorder: Recorder;
}

export function createApp(state: ServerState, options: ServerOptions): TestApp {
  return {
    state: cloneState(state),
    options: { ...options },
    initialState: cloneState(state),
    initialOptions: { ...options },
    faults: new FaultQueue(),
    recorder: new Recorder(),
  };
}

export function resetApp(app: TestApp): void {
  app.state = cloneState(app.initialState);
  app.options = { ...app.initialOptions };
  app.faults.clear();
  app.recorder.clear();
}
