import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  OUTDATED_MESSAGE,
  WAITING_MESSAGE,
  type ReplicaLifecycleEvent,
  type ReplicaLifecycleListener,
} from '@/db/lifecycle';
import { ReplicaLifecycleNotice, type LifecycleSource } from './ReplicaLifecycleNotice';

class FakeLifecycle implements LifecycleSource {
  current: ReplicaLifecycleEvent | undefined;
  private readonly listeners = new Set<ReplicaLifecycleListener>();

  subscribe(listener: ReplicaLifecycleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ReplicaLifecycleEvent): void {
    this.current = event;
    this.listeners.forEach((listener) => listener(event));
  }
}

function renderNotice(lifecycle: FakeLifecycle) {
  return render(
    <MantineProvider>
      <ReplicaLifecycleNotice lifecycle={lifecycle} />
    </MantineProvider>
  );
}

describe('the notice about app updates in other tabs', () => {
  it('asks to reload this tab once another tab upgraded the database, and offers the button', () => {
    const lifecycle = new FakeLifecycle();
    renderNotice(lifecycle);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => lifecycle.emit({ type: 'outdated', reason: 'upgrade', message: OUTDATED_MESSAGE }));
    expect(screen.getByRole('alert')).toHaveTextContent(OUTDATED_MESSAGE);
    expect(screen.getByRole('button', { name: 'Reload this tab' })).toBeInTheDocument();
  });

  it('says the update waits for other tabs, then goes away when the database opens', () => {
    const lifecycle = new FakeLifecycle();
    renderNotice(lifecycle);
    act(() => lifecycle.emit({ type: 'waiting-for-other-tabs', message: WAITING_MESSAGE }));
    expect(screen.getByRole('alert')).toHaveTextContent(WAITING_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Reload this tab' })).not.toBeInTheDocument();
    act(() => lifecycle.emit({ type: 'open' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
