// "Share the result" (templates/pictures/share.html). Where the browser can share files
// (the Web Share API, on an https address) the result picture and the page's link go to
// the phone's share sheet; elsewhere (the venue's plain http address, a laptop) the link
// does what it does before any script: it downloads the picture.
for (const link of document.querySelectorAll("a.share-result-button")) {
  link.addEventListener("click", share);
}
// A page drawn before its first round (live.js pushes each board) offers the picture as
// soon as one is saved.
document.addEventListener("trainscore:snapshot", (event) => {
  if (!event.detail?.rounds?.length) return;
  for (const hidden of document.querySelectorAll(".share-result[hidden]")) hidden.hidden = false;
});

function canShareFiles() {
  if (!navigator.canShare) return false;
  const probe = new File([new Blob()], "result.png", { type: "image/png" });
  return navigator.canShare({ files: [probe] });
}

async function share(event) {
  const link = event.currentTarget;
  if (!canShareFiles()) return; // the download
  event.preventDefault();
  try {
    const answer = await fetch(link.href, { cache: "no-cache" }); // the picture as it is now
    if (!answer.ok) throw new Error(`the picture answered ${answer.status}`);
    const name = link.getAttribute("download");
    const file = new File([await answer.blob()], name, { type: "image/png" });
    await navigator.share({
      files: [file],
      url: link.dataset.shareUrl,
      title: link.dataset.shareTitle, // the picture says who won: no sentence to go stale
    });
  } catch (error) {
    if (error.name === "AbortError") return; // the share sheet was closed
    download(link);
  }
}

function download(link) {
  const save = document.createElement("a");
  save.href = link.href;
  save.download = link.getAttribute("download");
  document.body.append(save);
  save.click();
  save.remove();
}
