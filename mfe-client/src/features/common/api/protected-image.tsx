import { useEffect, useState } from 'react';
import { STORAGE_KEYS } from 'shared/session';

/**
 * A photo the API serves only with the bearer token: fetched once, shown from
 * an object URL, released when the image leaves the page.
 */
export function ProtectedImage({
  url,
  alt,
  className,
  tokenKey = STORAGE_KEYS.clientToken,
}: {
  url: string;
  alt: string;
  className?: string;
  tokenKey?: string;
}) {
  const [source, setSource] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = window.localStorage.getItem(tokenKey);
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin', signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        objectUrl = URL.createObjectURL(await response.blob());
        setSource(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, tokenKey]);
  if (failed) return <span className={`${className ?? ''} protected-image--missing`} role="img" aria-label={alt} />;
  return source ? (
    <img className={className} src={source} alt={alt} />
  ) : (
    <span className={`${className ?? ''} protected-image--loading`} role="img" aria-label={alt} aria-busy="true" />
  );
}
