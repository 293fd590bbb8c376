// A trailing-edge debounce: many calls in quick succession run `action` once, after `ms` of quiet.

export interface Debounced {
  (): void;
  cancel(): void;
}

export function debounce(action: () => void, ms: number,
                         timers: { set: typeof setTimeout; clear: typeof clearTimeout } = { set: setTimeout, clear: clearTimeout }): Debounced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (() => {
    if (timer !== undefined) timers.clear(timer);
    timer = timers.set(() => {
      timer = undefined;
      action();
    }, ms);
  }) as Debounced;
  run.cancel = () => {
    if (timer !== undefined) timers.clear(timer);
    timer = undefined;
  };
  return run;
}
