import { escapeHtml } from '../../lib/html';
import type { CardErrors, CardForm } from './test-cards';

export interface CheckoutView {
  siteName: string;
  planName: string;
  amount: string;
  sessionId: string;
  state: 'open' | 'paid' | 'expired';
  form?: Partial<CardForm>;
  errors?: CardErrors;
  /** A refusal of the card itself (declined, insufficient funds). */
  refusal?: string;
}

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d1d1f}
main{max-width:440px;margin:40px auto;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:28px}
.test{background:#fff4d6;color:#6b4e00;border-radius:6px;padding:8px 12px;font-size:.9rem;margin-bottom:18px}
.merchant{font-size:.95rem;color:#555;margin:0}
h1{font-size:1.1rem;margin:4px 0 2px}
.amount{font-size:2rem;font-weight:700;margin:0 0 20px}
label{display:block;font-size:.9rem;font-weight:600;margin:14px 0 6px}
input{box-sizing:border-box;width:100%;padding:10px 12px;border:1px solid #c9ccd1;border-radius:6px;font-size:1rem}
input[aria-invalid=true]{border-color:#c0392b}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{color:#c0392b;font-size:.85rem;margin:4px 0 0}
.refusal{background:#fdecea;color:#8a1c12;border-radius:6px;padding:10px 12px;margin-bottom:12px}
button{margin-top:22px;width:100%;padding:12px;border:0;border-radius:6px;background:#e50914;color:#fff;font-size:1.05rem;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
.cancel{display:block;text-align:center;margin-top:16px;color:#444}
.cards{font-size:.85rem;color:#555;margin-top:20px}
.cards code{background:#f0f0f0;padding:1px 4px;border-radius:3px}`;

function field(name: keyof CardForm, label: string, view: CheckoutView, attributes: string): string {
  const error = view.errors?.[name];
  const value = name === 'number' || name === 'cvc' ? '' : (view.form?.[name] ?? '');
  return (
    `<label for="${name}">${label}</label>` +
    `<input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attributes}` +
    (error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '') +
    ' required>' +
    (error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : '')
  );
}

/** The built-in test checkout, as a card payment page; every value written into it is escaped. */
export function renderCheckoutPage(view: CheckoutView): string {
  const site = escapeHtml(view.siteName);
  const head =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Checkout · ${site}</title><style>${STYLE}</style></head><body><main>` +
    `<p class="test" role="note">Test checkout: no real card is charged and no money moves.</p>` +
    `<p class="merchant">${site}</p><h1>${escapeHtml(view.planName)} plan</h1>` +
    `<p class="amount">${escapeHtml(view.amount)}</p>`;
  const end = `</main></body></html>`;
  const id = encodeURIComponent(view.sessionId);
  if (view.state === 'paid') {
    return (
      head +
      `<p role="status">This checkout is already paid.</p>` +
      `<a class="cancel" href="/payment-success?session_id=${id}">See your subscription</a>` +
      end
    );
  }
  if (view.state === 'expired') {
    return (
      head +
      `<p role="status">This checkout has expired. Choose your plan again to start a new one.</p>` +
      `<a class="cancel" href="/plans">Return to plans</a>` +
      end
    );
  }
  return (
    head +
    (view.refusal ? `<p class="refusal" role="alert">${escapeHtml(view.refusal)}</p>` : '') +
    `<form method="post" action="/checkout/${id}" novalidate>` +
    field(
      'number',
      'Card number',
      view,
      'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"',
    ) +
    `<div class="row"><div>` +
    field('expiry', 'Expiry date', view, 'autocomplete="cc-exp" placeholder="MM/YY"') +
    `</div><div>` +
    field('cvc', 'CVC', view, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123"') +
    `</div></div>` +
    field('name', 'Name on card', view, 'autocomplete="cc-name"') +
    `<button type="submit">Pay ${escapeHtml(view.amount)}</button></form>` +
    `<a class="cancel" href="/plans">Cancel and return to plans</a>` +
    `<p class="cards">Test cards: <code>4242 4242 4242 4242</code> succeeds, <code>4000 0000 0000 0002</code> is declined, ` +
    `<code>4000 0000 0000 9995</code> has insufficient funds. Use any future expiry date and any CVC.</p>` +
    end
  );
}
