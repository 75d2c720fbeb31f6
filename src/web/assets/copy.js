/* global document, navigator */
// The "Copy" buttons of the pages: shown only when script runs (the text stays selectable without it).
for (const button of document.querySelectorAll('button[data-copy]')) {
  const field = document.getElementById(button.dataset.copy);
  if (!field || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener('click', async () => {
    await navigator.clipboard.writeText(field.value ?? field.textContent);
    button.textContent = 'Copied';
  });
}
