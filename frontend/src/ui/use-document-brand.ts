import { useEffect } from 'react';

/** Puts the surface's name in the tab title and its favicon in the tab, restoring both on leave. */
export function useDocumentBrand(title: string | null, faviconUrl: string | null = null) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link || !faviconUrl) return;
    const previous = link.href;
    link.href = faviconUrl;
    return () => {
      link.href = previous;
    };
  }, [faviconUrl]);
}
