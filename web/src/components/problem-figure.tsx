import { useMemo } from 'react';

export interface FigureData {
  svg: string;
  alt: string;
}

/**
 * A problem's drawing (shape, angles, clock, number line, chart, measuring picture) from the server: shown as an image, so whatever the
 * SVG held could neither run nor load anything; its text alternative is the image's alt. Scales to
 * the card's width.
 */
export function ProblemFigure({ figure }: { figure: FigureData }) {
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(figure.svg)}`, [figure.svg]);
  return (
    <figure className="problem-figure" data-testid="problem-figure">
      <img src={src} alt={figure.alt} />
    </figure>
  );
}
