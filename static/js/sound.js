// Card sounds and a light buzz, made in the page: short Web Audio tones and
// noise (no sound file is downloaded), and navigator.vibrate where a phone
// allows it. Off by default; the menu's switch is kept with the settings.
// `data-sound` on <body> says whether they are on, and `data-sounds` counts
// the sounds made (for tests: a headless browser may have no audio device).

let enabled = false;
let context = null;

/** Turn sounds (and the turn buzz) on or off. */
export function setSound(on) {
  enabled = Boolean(on);
  document.body.dataset.sound = enabled ? "on" : "off";
}

function audio() {
  if (context) return context;
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return null;
  try {
    context = new Context();
  } catch {
    return null;
  }
  return context;
}

/** A short burst of filtered noise (a card on the felt), or a tone (a trick taken). */
const SHAPES = {
  deal: { noise: true, freq: 2400, length: 0.05, gain: 0.18 },
  play: { noise: true, freq: 1400, length: 0.07, gain: 0.25 },
  trick: { noise: false, freq: 660, length: 0.12, gain: 0.08 },
};

/** Make the sound ``kind`` (deal, play, trick) if sounds are on. */
export function sound(kind) {
  const shape = SHAPES[kind];
  if (!enabled || !shape) return;
  document.body.dataset.sounds = String(Number(document.body.dataset.sounds ?? 0) + 1);
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  const now = ctx.currentTime;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(shape.gain, now);
  gain.gain.exponentialRampToValueAtTime(0.001, now + shape.length);
  gain.connect(ctx.destination);
  let source;
  if (shape.noise) {
    const frames = Math.ceil(ctx.sampleRate * shape.length);
    const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = Math.random() * 2 - 1;
    source = ctx.createBufferSource();
    source.buffer = buffer;
    const filter = ctx.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = shape.freq;
    source.connect(filter);
    filter.connect(gain);
  } else {
    source = ctx.createOscillator();
    source.frequency.value = shape.freq;
    source.connect(gain);
  }
  source.start(now);
  source.stop(now + shape.length);
}

/** A light vibration when it becomes the person's turn, where the device allows it. */
export function buzz() {
  if (!enabled) return;
  try {
    navigator.vibrate?.(25);
  } catch { /* not allowed here: the buzz is a nicety */ }
}
