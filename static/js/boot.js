// The loading indicator and the service worker (index.html holds no inline
// script: the server's Content-Security-Policy forbids it).

const text = document.getElementById("loading-text");
const bar = document.getElementById("loading-bar");
document.addEventListener("whist:progress", ({ detail }) => {
  text.textContent = detail.message;
  bar.value = detail.fraction;
});

// sw.js sits beside index.html in the bundle (dist/), so it controls the whole site.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker
    .register(new URL("sw.js", document.baseURI), { scope: "./" })
    .catch((err) => console.warn("service worker not registered:", err.message));
}
