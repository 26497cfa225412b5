/** How much of the device's storage the app uses, and whether the browser promised to keep it. */
import { useEffect, useState } from 'react';
import { accountTexts } from './texts';

const mb = (bytes: number) => `${(bytes / 1_000_000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;

export function StorageMeter() {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  useEffect(() => {
    const storage = navigator.storage;
    if (!storage?.estimate) return;
    void Promise.all([storage.estimate(), storage.persisted?.() ?? Promise.resolve(false)]).then(([e, persisted]) =>
      setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0, persisted }),
    );
  }, []);
  if (!estimate || estimate.quota === 0) return null;
  return (
    <div className="storage-meter">
      <label htmlFor="storage-usage">
        {accountTexts.storageUsage(mb(estimate.usage), mb(estimate.quota))}
        {estimate.persisted ? accountTexts.storageKept : ''}
      </label>
      <progress id="storage-usage" max={estimate.quota} value={estimate.usage} />
    </div>
  );
}
