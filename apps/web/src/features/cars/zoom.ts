/** How far a photo zooms in full screen: from the whole photo (1) to four times its size. */
export const zoomLimits = { min: 1, max: 4 } as const;

/** A zoom kept within its limits; anything unreadable is the whole photo. */
export function clampZoom(zoom: number): number {
  return Number.isFinite(zoom) ? Math.min(zoomLimits.max, Math.max(zoomLimits.min, zoom)) : zoomLimits.min;
}

/** `Zoom in` and `Zoom out`: one step is half as large again, or back by as much. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  return clampZoom(direction === 1 ? zoom * 1.5 : zoom / 1.5);
}

/** A double-click or double tap: into the photo at twice its size, or back to the whole photo when zoomed. */
export function toggleZoom(zoom: number): number {
  return zoom > zoomLimits.min ? zoomLimits.min : 2;
}

/**
 * How far a zoomed photo may be moved (px, either way on each axis) so that its edge never comes
 * inside the frame: half of what the zoom adds to the frame's size.
 */
export function clampPan(pan: { x: number; y: number }, zoom: number, frame: { width: number; height: number }): { x: number; y: number } {
  const room = { x: ((zoom - 1) * frame.width) / 2, y: ((zoom - 1) * frame.height) / 2 };
  const within = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
  return { x: within(pan.x, room.x), y: within(pan.y, room.y) };
}
