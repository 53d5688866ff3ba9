/**
 * A video's Host and its Video id, checked together as the build checks them: a YouTube id under
 * Vimeo is refused at the id, as it is typed or pasted, and at Save. Keystatic gives each field
 * only its own value, so the Host field tells the video's other fields its value as it shows it
 * and as Keystatic checks it (it comes before the id in the form).
 */
import type { BasicFormField, ComponentSchema, FormFieldInputProps } from '@keystatic/core';
import { useSyncExternalStore } from 'react';
import { videoHostProblem } from '../../src/lib/video-id.ts';

const hosts = new Map<string, string>();
const listeners = new Set<() => void>();
let version = 0;

function setHost(video: string, host: unknown) {
  if (typeof host !== 'string' || hosts.get(video) === host) return;
  hosts.set(video, host);
  version += 1;
  // Told while the Host field renders: the id field re-renders afterwards.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A hook for the id field's input: it renders again when a Host changes. */
export function useVideoHosts(): void {
  useSyncExternalStore(subscribe, () => version);
}

/** Why `id` cannot play on the Host of the video at `video` (its labels), or undefined. */
export function hostProblem(video: string, id: string): string | undefined {
  const host = hosts.get(video);
  return host === undefined || !id ? undefined : videoHostProblem(host, id);
}

type Leaf = BasicFormField<NonNullable<unknown> | null> & {
  validate: (value: unknown, ...rest: unknown[]) => unknown;
};

/** The Host field of the video at `video`, telling its value to the video's id field. */
export function tellingHost(field: ComponentSchema, video: string): ComponentSchema {
  if (field.kind !== 'form') return field;
  const form = field as unknown as Leaf;
  const Base = form.Input;
  function Input(props: FormFieldInputProps<NonNullable<unknown> | null>) {
    setHost(video, props.value);
    return <Base {...props} />;
  }
  const wrapped = {
    ...form,
    Input,
    validate(value: unknown, ...rest: unknown[]) {
      setHost(video, value);
      return form.validate(value, ...rest);
    },
  };
  return wrapped as unknown as ComponentSchema;
}
