/**
 * A fake Stripe.js for end-to-end tests, served by the local fake of Stripe (fake-stripe.ts) at /v3/.
 * It has the small part of Stripe.js the card form uses, shaped like the real one:
 *
 *   const stripe = Stripe('pk_test_…');
 *   const card = stripe.elements().create('card', { style, hidePostalCode });
 *   card.mount(container);            // an iframe from the fake's origin holds the card fields
 *   card.on('change' | 'ready' | 'focus' | 'blur', handler);
 *   await stripe.confirmCardSetup(clientSecret, { payment_method: { card } }); // {setupIntent} or {error}
 *   await stripe.handleNextAction({ clientSecret });  // a PaymentIntent in requires_action: {paymentIntent} or {error}
 *
 * handleNextAction is the call of Stripe's "finalize payments on the server" flow (the server confirmed
 * the intent; 3-D Secure asks for its holder). Like Stripe's test page, it shows a small challenge
 * dialog ("Complete authentication" / "Fail authentication"; Escape closes it, which fails it as
 * closing Stripe's modal does), then tells the fake the outcome and answers with the intent or with
 * Stripe's payment_intent_authentication_failure error.
 *
 * As with Stripe, the card fields live in a frame of another origin ("Secure card payment input
 * frame", fields labelled "Credit or debit card number", "… expiration date", "… CVC/CVV"), the page
 * talks to it with postMessage, and confirmCardSetup POSTs /v1/setup_intents/:id/confirm with the
 * publishable key. Field checks and their messages follow Stripe.js ("Your card number is incomplete.").
 */

/** The /v3/ script. `origin` is where the fake runs (its frame and its API). */
export function fakeStripeJs(origin: string): string {
  return `(function () {
  'use strict';
  if (window.Stripe) return;
  var ORIGIN = ${JSON.stringify(origin)};
  var elementsByFrame = {};
  var waiting = {};
  var seq = 0;

  function integrationError(message) {
    var e = new Error(message);
    e.name = 'IntegrationError';
    return e;
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== ORIGIN) return;
    var m = event.data;
    if (!m || m.__fakeStripe !== true) return;
    if (m.type === 'collected') {
      var done = waiting[m.requestId];
      delete waiting[m.requestId];
      if (done) done(m);
      return;
    }
    var element = elementsByFrame[m.frameId];
    if (!element) return;
    if (m.type === 'ready') {
      element._ready = true;
      element._queue.splice(0).forEach(function (q) { element._send(q); });
    }
    element._emit(m.type, m.event || { elementType: 'card' });
  });

  function CardElement(options) {
    this._options = options || {};
    this._handlers = {};
    this._queue = [];
    this._ready = false;
    this._frame = null;
    this._wrapper = null;
    this._destroyed = false;
  }
  CardElement.prototype._send = function (message) {
    if (!this._frame) return;
    if (!this._ready) { this._queue.push(message); return; }
    message.__fakeStripe = true;
    this._frame.contentWindow.postMessage(message, ORIGIN);
  };
  CardElement.prototype._emit = function (type, event) {
    (this._handlers[type] || []).slice().forEach(function (h) { h(event); });
  };
  CardElement.prototype.on = function (type, handler) {
    (this._handlers[type] = this._handlers[type] || []).push(handler);
    return this;
  };
  CardElement.prototype.off = function (type, handler) {
    this._handlers[type] = (this._handlers[type] || []).filter(function (h) { return h !== handler; });
    return this;
  };
  CardElement.prototype.mount = function (target) {
    if (this._destroyed) throw integrationError('This Element has already been destroyed. Please create a new one.');
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node || !node.appendChild) throw integrationError('The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
    if (this._frame) throw integrationError('This Element is already mounted. Use unmount() to unmount the Element before re-mounting.');
    var id = '__privateStripeFrame' + (++seq) + Math.random().toString(36).slice(2, 6);
    var base = (this._options.style && this._options.style.base) || {};
    var fontSize = parseFloat(base.fontSize) || 16;
    var wrapper = document.createElement('div');
    wrapper.className = '__PrivateStripeElement';
    wrapper.style.cssText = 'margin:0;padding:0;border:none;display:block;background:transparent;position:relative;opacity:1';
    var frame = document.createElement('iframe');
    frame.name = id;
    frame.title = 'Secure card payment input frame';
    frame.setAttribute('frameborder', '0');
    frame.setAttribute('allowtransparency', 'true');
    frame.setAttribute('scrolling', 'no');
    frame.style.cssText = 'border:none;margin:0;padding:0;width:1px;min-width:100%;overflow:hidden;display:block;user-select:none;height:' + Math.ceil(fontSize * 1.5) + 'px';
    var config = { frameId: id, parentOrigin: location.origin, style: this._options.style || {}, disabled: !!this._options.disabled };
    frame.src = ORIGIN + '/v3/elements-inner-card.html#' + encodeURIComponent(JSON.stringify(config));
    elementsByFrame[id] = this;
    this._frame = frame;
    this._wrapper = wrapper;
    this._ready = false;
    wrapper.appendChild(frame);
    node.appendChild(wrapper);
  };
  CardElement.prototype.unmount = function () {
    if (!this._frame) return;
    delete elementsByFrame[this._frame.name];
    if (this._wrapper && this._wrapper.parentNode) this._wrapper.parentNode.removeChild(this._wrapper);
    this._frame = null;
    this._wrapper = null;
    this._ready = false;
    this._queue = [];
  };
  CardElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    this._handlers = {};
  };
  CardElement.prototype.focus = function () { this._send({ type: 'focus' }); };
  CardElement.prototype.blur = function () { this._send({ type: 'blur' }); };
  CardElement.prototype.clear = function () { this._send({ type: 'clear' }); };
  CardElement.prototype.update = function (options) {
    if (options && 'disabled' in options) this._send({ type: 'disabled', disabled: !!options.disabled });
  };
  CardElement.prototype._collect = function () {
    var self = this;
    return new Promise(function (resolve) {
      var requestId = 'req' + (++seq);
      waiting[requestId] = resolve;
      self._send({ type: 'collect', requestId: requestId });
    });
  };

  function Elements() { this._card = null; }
  Elements.prototype.create = function (type, options) {
    if (type !== 'card') throw integrationError('The fake Stripe.js only has the card Element, not ' + type + '.');
    if (this._card && !this._card._destroyed) throw integrationError('Can only create one Element of type card.');
    this._card = new CardElement(options);
    return this._card;
  };
  Elements.prototype.getElement = function (type) { return type === 'card' ? this._card : null; };

  window.Stripe = function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) {
      throw integrationError('Invalid value for Stripe(): apiKey should be a publishable key (pk_test_… or pk_live_…). You specified: ' + key + '.');
    }
    this._key = key;
  };
  window.Stripe.prototype.elements = function () { return new Elements(); };
  function challengeDialog() {
    return new Promise(function (resolve) {
      var backdrop = document.createElement('div');
      backdrop.setAttribute('data-fake-stripe-challenge', '');
      backdrop.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(15,23,42,0.55);display:flex;align-items:center;justify-content:center;padding:16px';
      var box = document.createElement('div');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-modal', 'true');
      box.setAttribute('aria-labelledby', '__fakeStripe3dsTitle');
      box.style.cssText = 'background:#fff;color:#0f172a;border-radius:8px;max-width:360px;width:100%;padding:20px;font:16px/1.5 system-ui,sans-serif;box-shadow:0 10px 30px rgba(0,0,0,0.3)';
      var title = document.createElement('h2');
      title.id = '__fakeStripe3dsTitle';
      title.textContent = '3D Secure 2 Test Page';
      title.style.cssText = 'margin:0 0 8px;font-size:18px';
      var text = document.createElement('p');
      text.textContent = 'This is a test challenge of your bank. Complete or fail the authentication.';
      text.style.cssText = 'margin:0 0 16px';
      var row = document.createElement('div');
      row.style.cssText = 'display:flex;gap:8px;flex-wrap:wrap';
      function button(label, bg, outcome) {
        var b = document.createElement('button');
        b.type = 'button';
        b.textContent = label;
        b.style.cssText = 'font:inherit;padding:8px 14px;border-radius:6px;border:1px solid #0f172a;cursor:pointer;background:' + bg + ';color:' + (bg === '#fff' ? '#0f172a' : '#fff');
        b.addEventListener('click', function () { done(outcome); });
        return b;
      }
      var complete = button('Complete authentication', '#166534', 'complete');
      row.appendChild(complete);
      row.appendChild(button('Fail authentication', '#fff', 'fail'));
      box.appendChild(title);
      box.appendChild(text);
      box.appendChild(row);
      backdrop.appendChild(box);
      var before = document.activeElement;
      function onKey(e) { if (e.key === 'Escape') done('fail'); }
      function done(outcome) {
        document.removeEventListener('keydown', onKey, true);
        if (backdrop.parentNode) backdrop.parentNode.removeChild(backdrop);
        if (before && before.focus) try { before.focus(); } catch (e) {}
        resolve(outcome);
      }
      document.addEventListener('keydown', onKey, true);
      document.body.appendChild(backdrop);
      complete.focus();
    });
  }

  window.Stripe.prototype.handleNextAction = function (options) {
    var key = this._key;
    var clientSecret = options && options.clientSecret;
    if (typeof clientSecret !== 'string' || !/^pi_[^_]+.*_secret_/.test(clientSecret)) {
      return Promise.reject(integrationError('Invalid value for handleNextAction: clientSecret should be a PaymentIntent client secret of the form \${id}_secret_\${secret}.'));
    }
    var id = clientSecret.split('_secret_')[0];
    var query = '?key=' + encodeURIComponent(key) + '&client_secret=' + encodeURIComponent(clientSecret);
    function call(path, method) {
      return fetch(ORIGIN + '/v1/payment_intents/' + encodeURIComponent(id) + path + query, { method: method }).then(function (res) {
        return res.json().then(function (json) { return res.ok ? { paymentIntent: json } : { error: json.error }; });
      }, function () {
        return { error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe. Request was retried 0 times.' } };
      });
    }
    return call('', 'GET').then(function (read) {
      if (read.error) return read;
      if (read.paymentIntent.status !== 'requires_action') {
        return { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'handleNextAction: the PaymentIntent has the status ' + read.paymentIntent.status + ', not requires_action.' } };
      }
      return challengeDialog().then(function (outcome) {
        return fetch(ORIGIN + '/v1/payment_intents/' + encodeURIComponent(id) + '/fake_3ds' + query + '&outcome=' + outcome, { method: 'POST' });
      }).then(function () { return call('', 'GET'); }).then(function (after) {
        if (after.error) return after;
        if (after.paymentIntent.status === 'requires_payment_method') {
          var e = after.paymentIntent.last_payment_error || {};
          return { error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: e.message, payment_intent: after.paymentIntent } };
        }
        return after;
      });
    });
  };

  window.Stripe.prototype.confirmCardSetup = function (clientSecret, data) {
    var key = this._key;
    var card = data && data.payment_method && data.payment_method.card;
    if (typeof clientSecret !== 'string' || !/^seti_[^_]+.*_secret_/.test(clientSecret)) {
      return Promise.reject(integrationError('Invalid value for confirmCardSetup: clientSecret should be a client secret of the form \${id}_secret_\${secret}.'));
    }
    if (!(card instanceof CardElement) || !card._frame) {
      return Promise.reject(integrationError('Invalid value for confirmCardSetup: payment_method.card should be a mounted card Element.'));
    }
    return card._collect().then(function (m) {
      if (m.error) return { error: m.error };
      var id = clientSecret.split('_secret_')[0];
      var body = new URLSearchParams();
      body.set('key', key);
      body.set('client_secret', clientSecret);
      body.set('payment_method_data[type]', 'card');
      body.set('payment_method_data[card][number]', m.card.number);
      body.set('payment_method_data[card][exp_month]', String(m.card.exp_month));
      body.set('payment_method_data[card][exp_year]', String(m.card.exp_year));
      body.set('payment_method_data[card][cvc]', m.card.cvc);
      return fetch(ORIGIN + '/v1/setup_intents/' + encodeURIComponent(id) + '/confirm', { method: 'POST', body: body }).then(
        function (res) {
          return res.json().then(function (json) {
            return res.ok ? { setupIntent: json } : { error: json.error };
          });
        },
        function () {
          return { error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe. Request was retried 0 times.' } };
        },
      );
    });
  };
})();
`;
}

/** The card frame: number, expiry and CVC on one line, checked as Stripe.js checks them. */
export function fakeCardFrameHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Secure card payment input frame</title>
<style>
  html, body { margin: 0; padding: 0; background: transparent; overflow: hidden; }
  body { font: 16px/1.5 system-ui, sans-serif; }
  .row { display: flex; gap: 0.5em; align-items: center; }
  input { font: inherit; color: inherit; border: 0; outline: 0; padding: 0; margin: 0; background: transparent; min-width: 0; line-height: 1.5; }
  input.invalid { color: var(--invalid, #b91c1c); }
  input::placeholder { color: var(--placeholder, #94a3b8); opacity: 1; }
  .number { flex: 1 1 auto; }
  .exp { flex: 0 0 4.25em; }
  .cvc { flex: 0 0 2.75em; }
</style>
</head>
<body>
<div class="row">
  <input class="number" name="cardnumber" autocomplete="cc-number" inputmode="numeric" placeholder="Card number" aria-label="Credit or debit card number">
  <input class="exp" name="exp-date" autocomplete="cc-exp" inputmode="numeric" placeholder="MM / YY" aria-label="Credit or debit card expiration date">
  <input class="cvc" name="cvc" autocomplete="cc-csc" inputmode="numeric" placeholder="CVC" aria-label="Credit or debit card CVC/CVV">
</div>
<script>
(function () {
  'use strict';
  var config = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  var number = document.querySelector('.number');
  var exp = document.querySelector('.exp');
  var cvc = document.querySelector('.cvc');
  var fields = [number, exp, cvc];
  var touched = {};
  var base = (config.style && config.style.base) || {};
  var invalid = (config.style && config.style.invalid) || {};
  if (base.fontSize) document.body.style.fontSize = base.fontSize;
  if (base.fontFamily) document.body.style.fontFamily = base.fontFamily;
  if (base.color) document.body.style.color = base.color;
  if (base['::placeholder'] && base['::placeholder'].color) document.body.style.setProperty('--placeholder', base['::placeholder'].color);
  if (invalid.color) document.body.style.setProperty('--invalid', invalid.color);
  setDisabled(!!config.disabled);

  function post(type, extra) {
    var m = { __fakeStripe: true, frameId: config.frameId, type: type };
    for (var k in extra || {}) m[k] = extra[k];
    parent.postMessage(m, config.parentOrigin);
  }
  function setDisabled(disabled) { fields.forEach(function (f) { f.disabled = disabled; }); }
  function digits(v) { return v.replace(/\\D/g, ''); }
  function brandOf(n) {
    if (/^4/.test(n)) return 'visa';
    if (/^(5[1-5]|2(2[2-9]|[3-6]\\d|7[01]|720))/.test(n)) return 'mastercard';
    if (/^3[47]/.test(n)) return 'amex';
    if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
    if (/^62/.test(n)) return 'unionpay';
    return 'unknown';
  }
  function luhn(n) {
    var sum = 0, dbl = false;
    for (var i = n.length - 1; i >= 0; i--) {
      var d = n.charCodeAt(i) - 48;
      if (dbl) { d *= 2; if (d > 9) d -= 9; }
      sum += d; dbl = !dbl;
    }
    return sum % 10 === 0;
  }
  function err(code, message) { return { type: 'validation_error', code: code, message: message }; }

  /** Each field's state; "incomplete" counts as an error only once the field was left (or on confirm). */
  function check(all) {
    var n = digits(number.value), brand = brandOf(n), full = brand === 'amex' ? 15 : 16;
    var e = digits(exp.value), c = digits(cvc.value), cvcLength = brand === 'amex' ? 4 : 3;
    var errors = {};
    if (n.length >= full && !luhn(n)) errors.number = err('invalid_number', 'Your card number is invalid.');
    else if (n.length < full && (all || touched.number)) errors.number = err('incomplete_number', 'Your card number is incomplete.');
    var month = Number(e.slice(0, 2)), year = 2000 + Number(e.slice(2, 4));
    var now = new Date();
    if (e.length >= 2 && (month < 1 || month > 12)) errors.exp = err('invalid_expiry_month', "Your card's expiration date is invalid.");
    else if (e.length === 4 && year < now.getFullYear()) errors.exp = err('invalid_expiry_year_past', "Your card's expiration year is in the past.");
    else if (e.length === 4 && year === now.getFullYear() && month < now.getMonth() + 1) errors.exp = err('invalid_expiry_month_past', "Your card's expiration date is in the past.");
    else if (e.length < 4 && (all || touched.exp)) errors.exp = err('incomplete_expiry', "Your card's expiration date is incomplete.");
    if (c.length < cvcLength && (all || touched.cvc)) errors.cvc = err('incomplete_cvc', "Your card's security code is incomplete.");
    number.classList.toggle('invalid', !!errors.number);
    exp.classList.toggle('invalid', !!errors.exp);
    cvc.classList.toggle('invalid', !!errors.cvc);
    var first = errors.number || errors.exp || errors.cvc;
    var complete = !first && n.length >= full && e.length === 4 && c.length >= cvcLength;
    return {
      card: { number: n, exp_month: month, exp_year: year, cvc: c },
      event: { elementType: 'card', empty: !n && !e && !c, complete: complete, error: first, brand: brand, value: { postalCode: '' } },
    };
  }
  function changed() { post('change', { event: check(false).event }); }

  number.addEventListener('input', function () {
    var n = digits(number.value).slice(0, 19);
    number.value = n.replace(/(\\d{4})(?=\\d)/g, '$1 ');
    if (n.length >= (brandOf(n) === 'amex' ? 15 : 16) && luhn(n)) exp.focus();
    changed();
  });
  exp.addEventListener('input', function () {
    var e = digits(exp.value);
    if (/^[2-9]$/.test(e)) e = '0' + e;
    e = e.slice(0, 4);
    exp.value = e.length > 2 ? e.slice(0, 2) + ' / ' + e.slice(2) : e;
    if (e.length === 4) cvc.focus();
    changed();
  });
  cvc.addEventListener('input', function () {
    cvc.value = digits(cvc.value).slice(0, 4);
    changed();
  });
  fields.forEach(function (f) {
    f.addEventListener('blur', function () {
      touched[f === number ? 'number' : f === exp ? 'exp' : 'cvc'] = !!f.value;
      changed();
    });
  });
  var focused = false;
  document.addEventListener('focusin', function () { if (!focused) { focused = true; post('focus'); } });
  document.addEventListener('focusout', function () {
    setTimeout(function () {
      if (focused && fields.indexOf(document.activeElement) < 0) { focused = false; post('blur'); }
    }, 0);
  });

  window.addEventListener('message', function (event) {
    if (event.origin !== config.parentOrigin) return;
    var m = event.data;
    if (!m || m.__fakeStripe !== true) return;
    if (m.type === 'focus') number.focus();
    if (m.type === 'blur' && document.activeElement) document.activeElement.blur();
    if (m.type === 'clear') { fields.forEach(function (f) { f.value = ''; }); touched = {}; changed(); }
    if (m.type === 'disabled') setDisabled(m.disabled);
    if (m.type === 'collect') {
      var state = check(true);
      post('change', { event: state.event });
      if (state.event.error) post('collected', { requestId: m.requestId, error: state.event.error });
      else post('collected', { requestId: m.requestId, card: state.card });
    }
  });
  post('ready', { event: { elementType: 'card' } });
})();
</script>
</body>
</html>
`;
}
