/**
 * What the layout sweep (layout-sweep.spec.ts) calls a fault, measured in the page as it is shown:
 * anything that makes the page or a box scroll sideways, a box that cuts its text off, an element that
 * sticks out of its container, and text that overlaps other text or a control. Runs inside the browser
 * (`page.evaluate(findLayoutFaults, options)`), so it is one self-contained function.
 */
export interface LayoutFaultOptions {
  /** Selectors of boxes that scroll sideways on purpose (a strip of photos, a wide table on a narrow screen). */
  scrollers: string[];
}

export function findLayoutFaults({ scrollers }: LayoutFaultOptions): string[] {
  const faults: string[] = [];
  const root = document.documentElement;
  const viewportWidth = root.clientWidth;
  // A pixel of rounding either way is not a fault; a glyph's edge touching its neighbour's is not an overlap.
  const slack = 1;
  const overlapSlack = 3;

  const describe = (element: Element): string => {
    const classes = [...element.classList].slice(0, 4).join('.');
    const label = element.getAttribute('aria-label');
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes ? `.${classes}` : ''}>${label ? ` [${label}]` : ''}${text ? ` "${text}"` : ''}`;
  };
  // Read once per element: the walks up to the clipping ancestors ask for the same ones many times.
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (element: Element) => {
    let s = styles.get(element);
    if (!s) styles.set(element, (s = getComputedStyle(element)));
    return s;
  };
  // Screen-reader-only text (a 1 px clipped box until it takes the focus, like the skip link) is not on screen.
  const visibility = new Map<Element, boolean>();
  const shown = (element: Element) => {
    let v = visibility.get(element);
    if (v === undefined) visibility.set(element, (v = element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !element.closest('.sr-only')));
    return v;
  };
  const clipsX = (s: CSSStyleDeclaration) => s.overflowX !== 'visible';
  const clipsY = (s: CSSStyleDeclaration) => s.overflowY !== 'visible';

  // What is meant to lie over the page (dialogs, the sticky header, toasts, menus, a badge on a
  // button's corner) is a layer of its own: compared only with what is in the same layer.
  const layerOf = (element: Element): Element => {
    for (let e: Element | null = element; e; e = e.parentElement) {
      const s = style(e);
      if (s.position === 'fixed' || s.position === 'sticky') return e;
      if (e.matches('dialog, [role=dialog], [popover], .dropdown-content, .indicator-item, .tooltip')) return e;
    }
    return root;
  };

  /**
   * The part of `rect` not cut away by an ancestor that clips its overflow (from `from`: the element's
   * parent for its own box, the element itself for its text, which a `truncate` cuts); null when nothing is left.
   */
  const visiblePart = (from: Element | null, rect: DOMRect): { left: number; right: number; top: number; bottom: number } | null => {
    let { left, right, top, bottom } = rect;
    for (let e = from; e && e !== root; e = e.parentElement) {
      const s = style(e);
      if (s.position === 'fixed') break;
      if (!clipsX(s) && !clipsY(s)) continue;
      const box = e.getBoundingClientRect();
      if (clipsX(s)) {
        left = Math.max(left, box.left);
        right = Math.min(right, box.right);
      }
      if (clipsY(s)) {
        top = Math.max(top, box.top);
        bottom = Math.min(bottom, box.bottom);
      }
    }
    return right - left > slack && bottom - top > slack ? { left, right, top, bottom } : null;
  };

  const drawsABox = (e: Element) => {
    const s = style(e);
    return (
      (s.backgroundColor !== 'rgba(0, 0, 0, 0)' && s.backgroundColor !== 'transparent') ||
      s.backgroundImage !== 'none' ||
      s.boxShadow !== 'none' ||
      parseFloat(s.borderLeftWidth) > 0 ||
      parseFloat(s.borderRightWidth) > 0 ||
      clipsX(s)
    );
  };
  /** The nearest ancestor drawn as a box, up to the page; null when the element leaves the flow (a drawer, an overlay) on the way. */
  const drawnBoxAround = (element: Element): Element | null => {
    for (let e = element.parentElement; e && e !== document.body; e = e.parentElement) {
      if (style(e).position === 'fixed') return null;
      if (shown(e) && style(e).display !== 'contents' && drawsABox(e)) return e;
    }
    return null;
  };

  const elements = [...document.body.querySelectorAll('*')].filter((element) => !element.matches('script, style, template, title, link, meta, noscript') && shown(element));
  const scrollsOnPurpose = (element: Element) => scrollers.some((selector) => element.matches(selector));
  const formControl = (element: Element) => element.matches('input, textarea, select');

  // 1. The page scrolls sideways: name the elements that begin to stick out past the screen's edge.
  if (root.scrollWidth > viewportWidth + slack) {
    const past = (element: Element) => {
      const part = visiblePart(element.parentElement, element.getBoundingClientRect());
      return part !== null && (part.right > viewportWidth + slack || part.left < -slack);
    };
    const culprits = elements.filter((element) => past(element) && !(element.parentElement && element.parentElement !== document.body && past(element.parentElement)));
    faults.push(
      `the page scrolls sideways (${root.scrollWidth} px wide in ${viewportWidth}): ` +
        (culprits.length ? culprits.slice(0, 3).map((element) => `${describe(element)} in ${describe(element.parentElement ?? root)}`).join('; ') : 'nothing visible sticks out'),
    );
  }

  for (const element of elements) {
    const s = style(element);
    // 2. A box that scrolls sideways (or cuts off) what it holds; a truncated line ending in "…" is deliberate.
    if (clipsX(s) && !formControl(element) && element.clientWidth > slack && element.scrollWidth > element.clientWidth + slack) {
      const truncates = s.textOverflow === 'ellipsis';
      if (!truncates && !scrollsOnPurpose(element) && visiblePart(element.parentElement, element.getBoundingClientRect())) {
        faults.push(`${describe(element)} holds ${element.scrollWidth} px in ${element.clientWidth} (overflow-x: ${s.overflowX})`);
      }
    }
    // 3. An element in the flow that crosses the edge of the box it is drawn in: the nearest ancestor a
    // person sees as a box (a background, a border, a shadow, a clip). Reaching into a plain wrapper's
    // neighbour space or a cell's padding is not visible; crossing a card's or a badge's edge is.
    if (s.position === 'absolute' || s.position === 'fixed' || s.display === 'contents') continue;
    const rect = element.getBoundingClientRect();
    if (rect.width <= slack || rect.height <= slack) continue;
    const container = drawnBoxAround(element);
    // What a box that scrolls sideways on purpose holds is wider than it by design (the cars compared side by side).
    if (!container || scrollsOnPurpose(container)) continue;
    const edges = container.getBoundingClientRect();
    if (rect.right > edges.right + slack || rect.left < edges.left - slack) {
      if (!visiblePart(element.parentElement, rect)) continue;
      // Reported once, at the element that first crosses the edge, not again at each of its children.
      const parent = element.parentElement;
      if (parent && parent !== container) {
        const outer = parent.getBoundingClientRect();
        if (outer.right > edges.right + slack || outer.left < edges.left - slack) continue;
      }
      faults.push(`${describe(element)} (${Math.round(rect.left)}–${Math.round(rect.right)} px) is wider than its container ${describe(container)} (${Math.round(edges.left)}–${Math.round(edges.right)} px)`);
    }
  }

  // 4. Text over other text or over a control. The text's own line boxes (a text node's range), so
  // an element's empty padding is not taken for a collision; controls and badges by their box.
  interface Item {
    owner: Element;
    layer: Element;
    box: { left: number; right: number; top: number; bottom: number };
    text: boolean;
  }
  const items: Item[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const owner = node.parentElement;
    if (!owner || !(node.textContent ?? '').trim() || owner.closest('script, style, template, title, noscript') || !shown(owner)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const layer = layerOf(owner);
    for (const rect of range.getClientRects()) {
      const box = visiblePart(owner, rect);
      if (box) items.push({ owner, layer, box, text: true });
    }
  }
  for (const control of document.body.querySelectorAll('button, a.btn, [role=button], input:not([type=hidden]), select, textarea, .badge')) {
    if (!shown(control)) continue;
    const box = visiblePart(control.parentElement, control.getBoundingClientRect());
    if (box) items.push({ owner: control, layer: layerOf(control), box, text: false });
  }
  items.sort((a, b) => a.box.top - b.box.top);
  const reported = new Set<string>();
  for (let i = 0; i < items.length; i += 1) {
    const a = items[i]!;
    for (let j = i + 1; j < items.length && items[j]!.box.top < a.box.bottom - overlapSlack; j += 1) {
      const b = items[j]!;
      if ((!a.text && !b.text) || a.layer !== b.layer || a.owner === b.owner || a.owner.contains(b.owner) || b.owner.contains(a.owner)) continue;
      const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (width <= overlapSlack || height <= overlapSlack) continue;
      const pair = `${describe(a.owner)} overlaps ${describe(b.owner)}`;
      if (!reported.has(pair)) faults.push(pair);
      reported.add(pair);
    }
  }
  return faults;
}
