import { useEffect } from 'react';
import { PRODUCT_NAME } from '../app/texts';

/** Sets the browser tab's title for the page: `{title} · Dealer Portal`. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
