"""The pages: the one Jinja2 template's rendering, the page for a missing game; the templates themselves beside them."""
