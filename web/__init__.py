"""The members' shell: what the club's members read — the week's notice as a static site, as text for e-mail, the
saved pairing's printout — from the templates the live pages will share."""
