/** How much this origin stores on the device, as the user menu shows it. */
export interface StorageInfo {
  usage?: number;
  quota?: number;
  /** Whether the browser keeps the data under storage pressure (navigator.storage.persisted()). */
  persisted?: boolean;
}

export async function readStorageInfo(
  storage: Pick<StorageManager, 'estimate' | 'persisted'> | undefined = globalThis.navigator?.storage
): Promise<StorageInfo> {
  if (!storage) return {};
  const [estimate, persisted] = await Promise.all([
    storage.estimate?.().catch(() => undefined),
    storage.persisted?.().catch(() => undefined),
  ]);
  return { usage: estimate?.usage, quota: estimate?.quota, persisted };
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → '1.5 KB'; decimal-free for bytes and for values of 100 and more. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${UNITS[unit]}`;
}

/** 'Using 12.3 MB of 1.2 GB', or what is known of it. */
export function describeUsage(info: StorageInfo): string {
  if (info.usage === undefined) return 'Storage use unknown';
  if (!info.quota) return `Using ${formatBytes(info.usage)}`;
  return `Using ${formatBytes(info.usage)} of ${formatBytes(info.quota)}`;
}

export function describePersistence(info: StorageInfo): string {
  if (info.persisted === undefined) return 'Persistence unknown';
  return info.persisted ? 'Persistent storage' : 'Not persistent: the browser may clear it';
}
