"""Publishing, headless: the week's notice as a static site, text for e-mail and the saved pairing's printout."""
