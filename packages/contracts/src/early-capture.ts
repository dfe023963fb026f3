/** The global the early-capture script defines; the app calls it once it has hydrated (app/start.tsx). */
export const EARLY_CAPTURE_REPLAY = '__medallionReplay';

/**
 * The early-capture script (decision 0014), inlined in the head of every page the server renders, before
 * the stylesheet: from the first paint until the app has hydrated it keeps what a visitor does to the
 * page's controls, in the spirit of Google's JSAction, and `window.__medallionReplay()` does it again
 * for the app. What works without the app is left alone: links, the submit button of a form with an
 * action (a real GET form) and the buttons of a `<form method="dialog">`.
 *
 * - A click on any other button (or an element marked `data-tap`) in #root: its default is prevented
 *   (a submit button would otherwise send a form the app handles) and the click is replayed.
 * - The submit of a form without an action (Enter in a field): prevented, replayed as requestSubmit().
 * - A change of a field (checkbox, radio, select, text): the field keeps it (the visitor sees their
 *   choice, and CSS such as :checked/:has() can follow it), its value is noted, and on replay it is
 *   given again so that React's onChange runs. React keeps a field's state when it hydrates but
 *   thinks it unchanged, so without this the field and the app would be out of step: the state is set
 *   back through the element (React's value tracker sees that), the visitor's value through the
 *   prototype's setter (it does not), and the input/change events (a click for a checkbox or radio)
 *   make React see the difference.
 *
 * A control counts as hydrated once React has claimed the element (`__reactFiber$…`) and committed it (no
 * fiber on its way up still flagged Placement or Hydrating, which is how React's own event system tells a
 * mounted node: a tap on a node whose hydration is still being rendered is dropped by React); until then
 * it is captured, also after the replay has begun: the app calls the replay when its root has committed,
 * but parts of the page inside Suspense boundaries hydrate later, over several tasks. The replay waits for each
 * control to be hydrated (at most 30 s in all), and once everything in #root is, the script removes its
 * listeners. Replays run one per task, so each sees the DOM the one before produced. A page the browser renders
 * itself (no data-ssr) has no such window: the script does nothing. Kept tiny (well under 1 KiB gzipped)
 * and in ES5 so that it runs before anything else on any browser; the server hashes it for the CSP
 * (apps/api/src/plugins/security.ts).
 */
export const EARLY_CAPTURE_SCRIPT = `(function(w,d){var q=[],R=0,B=0,T=0,E=['click','input','change','submit'];if(d.documentElement.getAttribute('data-ssr')!=='true')return;
function h(el){var k,f;for(k in el)if(k.indexOf('__reactFiber$')===0){f=el[k];if(f.alternate)return 1;for(;f;f=f.return)if(f.flags&4098)return 0;return 1}}
function on(e){var t=e.target,el,f,c,l,r=d.getElementById('root');if(!r||!t||!r.contains(t))return;
if(e.type==='submit'){if(h(t)||t.getAttribute('action')!==null||t.method==='dialog')return;e.preventDefault();add([t,1]);return}
el=t.closest&&t.closest('button,select,input,textarea,[data-tap]');if(!el||h(el))return;
if(e.type==='click'){if(el.tagName!=='BUTTON'&&!el.hasAttribute('data-tap'))return;f=el.form;
if(f&&el.type==='submit'&&(f.method==='dialog'||f.getAttribute('action')!==null))return;e.preventDefault();add([el]);return}
if(el.tagName==='BUTTON')return;c=el.type==='checkbox'||el.type==='radio';l=q[q.length-1];
if(l&&l[0]===el&&l.length>2)q.pop();add([el,c?el.checked:el.value,c])}
function add(it){q.push(it);if(R&&!B)next()}
function later(ms){B=1;setTimeout(next,ms)}
function next(){var it=q[0],el,v,a,i;B=0;if(!it){a=d.getElementById('root');a=a?a.getElementsByTagName('*'):[];
for(i=0;i<a.length;i++)if(!h(a[i])){if(T++<300)later(100);return}
E.forEach(function(n){w.removeEventListener(n,on,true)});return}
el=it[0];v=it[1];if(el.isConnected&&!h(el)&&T++<300)return later(100);q.shift();
if(el.isConnected&&h(el)){if(it.length<2)el.click();else if(it.length<3)el.requestSubmit();else if(it[2]){el.checked=!v;el.click()}else{
el.value=v?'':'-';Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el),'value').set.call(el,v);
el.dispatchEvent(new Event('input',{bubbles:true}));el.dispatchEvent(new Event('change',{bubbles:true}))}}later(0)}
E.forEach(function(n){w.addEventListener(n,on,true)});
w.${EARLY_CAPTURE_REPLAY}=function(){if(!R){R=1;next()}}})(window,document)`;
