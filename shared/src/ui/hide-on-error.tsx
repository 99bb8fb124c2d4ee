import type { ImgHTMLAttributes } from 'react';

/** An image that hides itself when its file is missing (docs/product.md §8). */
export function HideOnError(props: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  return (
    <img
      {...props}
      alt={props.alt}
      onError={(event) => {
        event.currentTarget.hidden = true;
        props.onError?.(event);
      }}
    />
  );
}
